package org.pgknobs.run;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Predicate;
import org.pgknobs.experiment.PgRelease;
import org.pgknobs.experiment.plan.ExperimentPlan;
import org.pgknobs.experiment.plan.Shard;
import org.pgknobs.experiment.plan.VersionPlan;
import org.pgknobs.results.RunTags;

/**
 * Which part of a larger run one suite is: the PostgreSQL version (major or release) it runs on, with which settings that
 * major has, and the shard of the plan this host takes.
 *
 * @param pgVersion    empty for a plain run on the one build the command line chose
 * @param settingKnown whether this version has a setting; only asked when {@code pgVersion} is present
 */
public record RunScope(Optional<PgRelease> pgVersion, Predicate<String> settingKnown, Shard shard) {

    public static RunScope whole() {
        return new RunScope(Optional.empty(), name -> true, Shard.whole());
    }

    /** The major of the version, for what differs by major only (settings' reasons, the report's versions table). */
    public OptionalInt pgMajor() {
        return pgVersion.map(v -> OptionalInt.of(v.major())).orElse(OptionalInt.empty());
    }

    /** The plan as this major runs it; a plain run marks nothing (preflight judges its settings). */
    VersionPlan versionPlan(ExperimentPlan plan) {
        return VersionPlan.of(plan, pgMajor().orElse(0), pgVersion.isPresent() ? settingKnown : name -> true);
    }

    RunTags tags() {
        return new RunTags(pgVersion.map(PgRelease::major).orElse(null), shard.isWhole() ? null : shard.toString(),
                RunTags.hostName());
    }

    /** {@code -pg16-shard2of4}, {@code -pg17.2}: parts of one run started in the same second get names of their own. */
    String directorySuffix() {
        return pgVersion.map(v -> "-pg" + v).orElse("")
                + (shard.isWhole() ? "" : "-shard" + shard.index() + "of" + shard.count());
    }

    String describe() {
        String version = pgVersion.map(v -> "PostgreSQL " + v).orElse("");
        String part = shard.isWhole() ? "" : "shard " + shard + " on " + RunTags.hostName();
        return version + (!version.isEmpty() && !part.isEmpty() ? ", " : "") + part;
    }
}
