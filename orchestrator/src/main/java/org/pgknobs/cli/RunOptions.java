package org.pgknobs.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.pgknobs.BadInputException;
import org.pgknobs.history.HistoryLocation;
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

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "results",
            description = "results go to DIR/<experiment>/<timestamp>/ (default: ${DEFAULT-VALUE})")
    Path out;

    @Option(names = "--resume", paramLabel = "DIR", description = "finish an earlier result directory: run only the steps not done")
    Path resume;

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

    @Option(names = "--trial-start", negatable = true,
            description = "before the load, start every distinct server configuration (base, each step, each version) "
                    + "once on an empty cluster and verify it: a configuration PostgreSQL refuses ends the run at once "
                    + "with exit 2. Default: on for clusters pgknobs starts; off for --server-url, where "
                    + "--trial-start restarts your server once per configuration.")
    Boolean trialStart;

    @Option(names = "--calibration", negatable = true, defaultValue = "${env:PGKNOBS_CALIBRATION:-true}",
            fallbackValue = "true",
            description = "before the first step, measure the machine (about 3-15 s: a fixed query's single-core time, "
                    + "fsync latency and copy throughput of the data directory's filesystem) into calibration.json, so a "
                    + "later comparison can tell a slower machine from a slower setting (default: on; "
                    + "$PGKNOBS_CALIBRATION=false turns it off, as the test suite does)")
    boolean calibration;

    @Mixin
    HistoryStoreOption history;

    @Option(names = "--no-history", description = "do not record this run in the history (docs/history.md)")
    boolean noHistory;

    @Option(names = "--compare", paramLabel = "history",
            description = "after the run, the regression gate: each step against its earlier runs in the history "
                    + "(pgknobs history check); exit 3 when a step is slower beyond its interval")
    String compare;

    @Mixin
    GateOptions gate;

    @Mixin
    ServerOptions serverOptions;

    @Mixin
    BenchBaseOptions benchBaseOptions;

    @Mixin
    AllowOptions allowOptions;

    @Mixin
    PlanOptions plan;

    /** The store this run records in (default: history.sqlite in the results root); empty with --no-history. */
    Optional<HistoryLocation> historyLocation() {
        if (compare != null && !compare.equals("history")) {
            throw new BadInputException("--compare " + compare + ": the only comparison is --compare history");
        }
        if (noHistory && compare != null) {
            throw new BadInputException("--compare history needs the history: drop --no-history");
        }
        // a resumed directory's history is the one its run wrote: beside results/<experiment>/<timestamp>
        Path root = resume == null || resume.toAbsolutePath().normalize().getNameCount() < 3 ? out
                : resume.toAbsolutePath().normalize().getParent().getParent();
        return noHistory ? Optional.empty() : Optional.of(history.location(root));
    }
}
