package org.pgknobs.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.Isolation;
import org.pgknobs.json.Json;
import org.pgknobs.sidebyside.TpccBench;
import org.pgknobs.sidebyside.TpccDriverComparison;
import org.pgknobs.units.Durations;
import org.pgknobs.workload.ProgressListener;
import org.pgknobs.workload.benchbase.BenchBaseLauncher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code pgknobs bench tpcc}: load and run TPC-C on a throwaway embedded server, print the figures as JSON. */
@Command(name = "tpcc", mixinStandardHelpOptions = true,
        description = "Embedded server, timed load, one unlimited-rate run; prints "
                + "{\"driver\",\"warehouses\",\"terminals\",\"load_seconds\",\"tps\",\"goodput\",\"client_cpu_seconds\",\"p95_ms\"}; "
                + "with --driver both, one line per run and one of built-in/BenchBase ratios (docs/benchmarks.md).")
public final class BenchTpccCommand implements Callable<Integer> {

    @Mixin
    TpccRunOptions run;

    @Option(names = "--warmup", defaultValue = "0s", description = "warm-up before the measured time (default ${DEFAULT-VALUE})")
    String warmup;

    @Option(names = "--driver", defaultValue = "builtin",
            description = "builtin, benchbase, or both: one load, then BenchBase and the built-in driver taking turns "
                    + "from the same restored data, one JSON line per run and a last line of ratios (default ${DEFAULT-VALUE})")
    String driver;

    @Option(names = "--pairs", defaultValue = "2", description = "with --driver both: BenchBase/built-in pairs (default ${DEFAULT-VALUE})")
    int pairs;

    @Option(names = "--reuse-load", description = "with --driver both: load with the built-in loader (fast COPY); "
            + "BenchBase only executes on it")
    boolean reuseLoad;

    @Option(names = "--retries", paramLabel = "N", description = "with --driver both: BenchBase's <retries> for both "
            + "drivers, attempts per request on serialization failures (default: BenchBase's 3)")
    Integer retries;

    @Option(names = "--builtin-jvm", defaultValue = "fresh", paramLabel = "fresh|shared",
            description = "with --driver both: fresh runs the built-in driver in a JVM of its own each time, as BenchBase"
                    + " runs (its JIT starts cold every run); shared runs it in this JVM, warmer run after run (default "
                    + "${DEFAULT-VALUE})")
    String builtinJvm;

    @Option(names = "--set", paramLabel = "NAME=VALUE", description = "with --driver both: server setting applied "
            + "(ALTER SYSTEM) before the load, e.g. --set max_connections=200; repeatable")
    Map<String, String> settings = new LinkedHashMap<>();

    @Option(names = "--isolation", defaultValue = "serializable",
            description = "serializable, repeatable_read or read_committed (default ${DEFAULT-VALUE})")
    String isolation;

    @Mixin
    BenchBaseOptions benchBaseOptions;

    @Mixin
    AllowOptions allowOptions;

    @Option(names = {"-d", "--directory"}, paramLabel = "DIR", description = "keep BenchBase-format result files here")
    Path directory;

    @Override
    public Integer call() throws Exception {
        if (!List.of("builtin", "benchbase", "both").contains(driver)) {
            throw new BadInputException("--driver " + driver + ": use builtin, benchbase or both");
        }
        if (!driver.equals("both") && (reuseLoad || !settings.isEmpty() || retries != null
                || !builtinJvm.equals("fresh"))) {
            throw new BadInputException("--reuse-load, --retries, --builtin-jvm and --set go with --driver both");
        }
        if (!List.of("fresh", "shared").contains(builtinJvm)) {
            throw new BadInputException("--builtin-jvm " + builtinJvm + ": use fresh or shared");
        }
        if (retries != null && retries < 1) {
            throw new BadInputException("--retries " + retries + ": at least 1 (it counts attempts, as BenchBase's <retries>)");
        }
        if (pairs < 1) {
            throw new BadInputException("--pairs " + pairs + ": give at least 1");
        }
        OptionUnits.settingNames(settings.keySet(), "--set");
        allowOptions.require(settings, "--set");
        if (run.warehouses < 1 || run.terminals < 1) {
            throw new BadInputException("--warehouses and --terminals must be at least 1");
        }
        Isolation level = Isolation.parse(isolation).orElseThrow(() -> new BadInputException("--isolation " + isolation
                + ": use serializable, repeatable_read or read_committed"));
        BenchBaseLauncher benchBase = driver.equals("builtin") ? null : benchBaseOptions.resolve();
        Path out = directory != null ? directory : Files.createTempDirectory("pgknobs-bench");
        int durationSeconds = run.durationSeconds();
        int warmupSeconds = OptionUnits.seconds(warmup, "--warmup", Durations.Zero.ALLOWED);
        if (driver.equals("both")) {
            TpccDriverComparison both = new TpccDriverComparison(run.warehouses, run.terminals, durationSeconds, warmupSeconds,
                    pairs, level.benchBaseName(), reuseLoad, settings, benchBase, retries, builtinJvm.equals("fresh"));
            Map<String, Object> ratios = both.run(out, ProgressListener.NONE, line -> System.out.println(Json.line(line)));
            System.out.println(Json.line(ratios));
            return Main.OK;
        }
        TpccBench bench = new TpccBench(run.warehouses, run.terminals, durationSeconds, warmupSeconds,
                System.console() != null, benchBase, level.benchBaseName());
        TpccBench.Figures figures = bench.run(out, ProgressListener.NONE);
        System.out.println(Json.line(figures.toMap()));
        return Main.OK;
    }
}
