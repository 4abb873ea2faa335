package org.pgknobs.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.Observe;
import org.pgknobs.experiment.plan.RunRequest;
import org.pgknobs.experiment.plan.Shard;
import org.pgknobs.experiment.plan.StepSelection;
import org.pgknobs.experiment.yaml.ExperimentLoader;
import picocli.CommandLine.Option;

/**
 * The options that decide what a run runs: profile, overrides, repeats, the steps, versions and shard. One mixin
 * for {@code run}, {@code noise}, {@code ablate} and {@code validate}, so that {@code validate --plan} with the
 * options of a run checks and plans exactly that run ({@link #choose}).
 */
final class PlanOptions {

    @Option(names = "--profile", description = "a profile of the file, e.g. quick")
    String profile;

    @Option(names = "--set", paramLabel = "PATH=VALUE", description = "override a field, e.g. workload.warehouses=8")
    List<String> sets = new ArrayList<>();

    @Option(names = "--repeats", paramLabel = "N|auto|MIN..MAX",
            description = "run every step N times, interleaved; auto (or MIN..MAX rounds): rounds until every step's "
                    + "interval is clear of 1 or narrower than the target (overrides the file; docs/statistics.md)")
    String repeats;

    @Option(names = "--steps", split = ",", paramLabel = "NAME",
            description = "run only these steps (comma-separated names), e.g. --steps base,a1,a16; in a cumulative "
                    + "file each runs as the chain defines it, with the settings of every step before it, named or not; in a "
                    + "variants file each runs alone on the base")
    List<String> onlySteps = new ArrayList<>();

    @Option(names = "--steps-only",
            description = "with --steps, cumulative files: run the named steps with their own settings on the base and "
                    + "the named steps before them only, leaving out the settings of the steps not named; such a step is "
                    + "not the published step: no published value, no verdict (the tables say why)")
    boolean stepsOnly;

    @Option(names = "--pg-versions", split = ",", paramLabel = "MAJOR|X.Y",
            description = "run the whole experiment on each of these PostgreSQL majors or releases, e.g. --pg-versions "
                    + "13,17.2,18 (overrides server.versions; a major runs on its pinned build, a release X.Y not bundled "
                    + "is fetched once with your Maven settings: pgknobs versions, docs/versions.md; or --pg-bin MAJOR=DIR)")
    List<String> pgVersions = new ArrayList<>();

    @Option(names = "--shard", paramLabel = "I/N",
            description = "run shard I of N of the plan (every shard also runs the base), e.g. --shard 2/4; merge the "
                    + "shards' result directories with `pgknobs report DIR...`")
    String shard;

    /** Whether any option narrows or reshapes the run beyond the file, its profile and --set. */
    boolean shapesTheRun() {
        return repeats != null || !onlySteps.isEmpty() || stepsOnly || !pgVersions.isEmpty() || shard != null;
    }

    Shard shardOf() {
        return shard == null ? Shard.whole() : Shard.parse(shard);
    }

    /** The experiment a run would run, and its chosen steps. */
    record Chosen(Experiment experiment, StepSelection.Chosen selection) {
    }

    /**
     * Loads {@code file} as a run would and applies what these options reshape: the file with its profile and
     * {@code allSets}, granted by {@code allow}'s kinds and the user's trust, with {@code observe} added,
     * {@code repeatsText} (null: the file's), the versions, and {@code steps} checked against the shard.
     */
    Chosen choose(Path file, List<String> allSets, AllowOptions allow, Set<Observe> observe, String repeatsText,
                  List<String> steps, boolean resuming) {
        Experiment experiment = ExperimentLoader.load(file, Optional.ofNullable(profile), allSets, allow.kinds(),
                allow.trust()).withObserve(observe);
        if (repeatsText != null) {
            experiment = RepeatsOption.applyTo(repeatsText, experiment);
        }
        if (!pgVersions.isEmpty()) {
            experiment = experiment.withServer(experiment.server().withVersions(VersionList.parse(pgVersions)));
        }
        StepSelection.Chosen chosen = new RunRequest(file, steps, stepsOnly, shardOf(), resuming).check(experiment);
        return new Chosen(chosen.experiment(), chosen);
    }
}
