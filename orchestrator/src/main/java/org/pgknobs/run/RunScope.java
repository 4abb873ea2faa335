package org.pgknobs.run;

import java.util.OptionalInt;
import java.util.function.Predicate;
import org.pgknobs.experiment.plan.ExperimentPlan;
import org.pgknobs.experiment.plan.Shard;
import org.pgknobs.experiment.plan.VersionPlan;
import org.pgknobs.results.RunTags;

/**
 * Which part of a larger run one suite is: the PostgreSQL major it runs on, with which settings that
 * major has, and the shard of the plan this host takes.
 *
 * @param pgMajor      empty for a plain run on the one build the command line chose
 * @param settingKnown whether this major has a setting; only asked when {@code pgMajor} is present
 */
public record RunScope(OptionalInt pgMajor, Predicate<String> settingKnown, Shard shard) {

    public static RunScope whole() {
        return new RunScope(OptionalInt.empty(), name -> true, Shard.whole());
    }

    /** The plan as this major runs it; a plain run marks nothing (preflight judges its settings). */
    VersionPlan versionPlan(ExperimentPlan plan) {
        return VersionPlan.of(plan, pgMajor.orElse(0), pgMajor.isPresent() ? settingKnown : name -> true);
    }

    RunTags tags() {
        return new RunTags(pgMajor.isPresent() ? pgMajor.getAsInt() : null, shard.isWhole() ? null : shard.toString(),
                RunTags.hostName());
    }

    /** {@code -pg16-shard2of4}: parts of one run started in the same second get names of their own. */
    String directorySuffix() {
        return (pgMajor.isPresent() ? "-pg" + pgMajor.getAsInt() : "")
                + (shard.isWhole() ? "" : "-shard" + shard.index() + "of" + shard.count());
    }

    String describe() {
        String version = pgMajor.isPresent() ? "PostgreSQL " + pgMajor.getAsInt() : "";
        String part = shard.isWhole() ? "" : "shard " + shard + " on " + RunTags.hostName();
        return version + (!version.isEmpty() && !part.isEmpty() ? ", " : "") + part;
    }
}
