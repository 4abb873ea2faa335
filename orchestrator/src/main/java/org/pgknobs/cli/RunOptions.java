package org.pgknobs.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The options of a run, shared by {@code run}, {@code noise} and {@code ablate} as a picocli mixin; what a
 * command does with them is {@link ExperimentRun}'s job.
 */
final class RunOptions {

    @Parameters(paramLabel = "FILE", description = "experiment YAML, e.g. experiments/article-42000x.yaml")
    Path file;

    @Option(names = "--profile", description = "a profile of the file, e.g. quick")
    String profile;

    @Option(names = "--set", paramLabel = "PATH=VALUE", description = "override a field, e.g. workload.warehouses=8")
    List<String> sets = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "results",
            description = "results go to DIR/<experiment>/<timestamp>/ (default: ${DEFAULT-VALUE})")
    Path out;

    @Option(names = "--repeats", paramLabel = "N|auto|MIN..MAX",
            description = "run every step N times, interleaved; auto (or MIN..MAX rounds): rounds until every step's "
                    + "interval is clear of 1 or narrower than the target (overrides the file; docs/statistics.md)")
    String repeats;

    @Option(names = "--resume", paramLabel = "DIR", description = "finish an earlier result directory: run only the steps not done")
    Path resume;

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

    @Option(names = "--observe", split = ",", paramLabel = "CAPTURE",
            description = "also capture these, added to the file's `observe:` list: statements (pg_stat_statements "
                    + "deltas per step; loads the library for every step), profile (perf stacks of the server), "
                    + "e.g. --observe statements,profile")
    List<String> observe = new ArrayList<>();

    @Option(names = "--driver", description = "builtin or benchbase (overrides workload.driver)")
    String driver;

    @Option(names = "--collector-interval", defaultValue = "1s", description = "pg_stat_* sampling interval (default: ${DEFAULT-VALUE})")
    String collectorInterval;

    @Option(names = "--no-collector", description = "do not sample pg_stat_* (for overhead measurements)")
    boolean noCollector;

    @Option(names = "--progress-interval", defaultValue = "10s", paramLabel = "DURATION",
            description = "a live line every DURATION of warm-up and window: throughput now, committed and failed "
                    + "attempts, p95, steady so far (default: ${DEFAULT-VALUE}; whole seconds)")
    String progressInterval;

    @Option(names = {"-q", "--quiet"}, description = "no live lines during warm-up and window (they still go to "
            + "progress.log in the result directory)")
    boolean quiet;

    @Option(names = "--assume-free-space", hidden = true, paramLabel = "SIZE",
            description = "pretend the work directory's disk has only SIZE free (e.g. 10MB): shows the disk check")
    String assumeFreeSpace;

    @Option(names = "--load-cache", paramLabel = "DIR", defaultValue = "${env:PGKNOBS_LOAD_CACHE}",
            description = "keep each loaded data set in DIR and copy it from there when a later run would load the same "
                    + "bytes (same PostgreSQL build, initdb options, base settings and workload size; default: "
                    + "$PGKNOBS_LOAD_CACHE, unset = no cache); DIR/initdb keeps initdb's output the same way")
    Path loadCache;

    @Option(names = "--pg-versions", split = ",", paramLabel = "MAJOR|X.Y",
            description = "run the whole experiment on each of these PostgreSQL majors or releases, e.g. --pg-versions "
                    + "13,17.2,18 (overrides server.versions; a major runs on its pinned build, a release X.Y not bundled "
                    + "is fetched once with your Maven settings: pgknobs versions, docs/versions.md; or --pg-bin MAJOR=DIR)")
    List<String> pgVersions = new ArrayList<>();

    @Option(names = "--shard", paramLabel = "I/N",
            description = "run shard I of N of the plan (every shard also runs the base), e.g. --shard 2/4; merge the "
                    + "shards' result directories with `pgknobs report DIR...`")
    String shard;

    @Option(names = "--trial-start", negatable = true,
            description = "before the load, start every distinct server configuration (base, each step, each version) "
                    + "once on an empty cluster and verify it: a configuration PostgreSQL refuses ends the run at once "
                    + "with exit 2. Default: on for clusters pgknobs starts; off for --server-url, where "
                    + "--trial-start restarts your server once per configuration.")
    Boolean trialStart;

    @Mixin
    ServerOptions serverOptions;

    @Mixin
    BenchBaseOptions benchBaseOptions;

    @Mixin
    AllowOptions allowOptions;
}
