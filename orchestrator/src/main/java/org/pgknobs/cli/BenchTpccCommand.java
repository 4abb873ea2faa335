package org.pgknobs.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.Isolation;
import org.pgknobs.json.Json;
import org.pgknobs.run.TpccBench;
import org.pgknobs.units.Durations;
import org.pgknobs.workload.ProgressListener;
import org.pgknobs.workload.benchbase.BenchBaseLauncher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code pgknobs bench tpcc}: load and run TPC-C on a throwaway embedded server, print the figures as JSON. */
@Command(name = "tpcc", mixinStandardHelpOptions = true,
        description = "Embedded server, timed load, one unlimited-rate run; prints "
                + "{\"driver\",\"warehouses\",\"terminals\",\"load_seconds\",\"tps\",\"goodput\",\"client_cpu_seconds\",\"p95_ms\"}.")
public final class BenchTpccCommand implements Callable<Integer> {

    @Option(names = "--warehouses", defaultValue = "4", description = "TPC-C scale (default ${DEFAULT-VALUE})")
    int warehouses;

    @Option(names = "--terminals", defaultValue = "8", description = "client connections (default ${DEFAULT-VALUE})")
    int terminals;

    @Option(names = "--duration", defaultValue = "30s", description = "measured time, e.g. 30s, 2m (default ${DEFAULT-VALUE})")
    String duration;

    @Option(names = "--warmup", defaultValue = "0s", description = "warm-up before the measured time (default ${DEFAULT-VALUE})")
    String warmup;

    @Option(names = "--driver", defaultValue = "builtin", description = "builtin or benchbase (default ${DEFAULT-VALUE})")
    String driver;

    @Option(names = "--isolation", defaultValue = "serializable",
            description = "serializable, repeatable_read or read_committed (default ${DEFAULT-VALUE})")
    String isolation;

    @Mixin
    BenchBaseOptions benchBaseOptions;

    @Option(names = {"-d", "--directory"}, paramLabel = "DIR", description = "keep BenchBase-format result files here")
    Path directory;

    @Override
    public Integer call() throws Exception {
        if (!driver.equals("builtin") && !driver.equals("benchbase")) {
            throw new BadInputException("--driver " + driver + ": use builtin or benchbase");
        }
        if (warehouses < 1 || terminals < 1) {
            throw new BadInputException("--warehouses and --terminals must be at least 1");
        }
        Isolation level = Isolation.parse(isolation).orElseThrow(() -> new BadInputException("--isolation " + isolation
                + ": use serializable, repeatable_read or read_committed"));
        BenchBaseLauncher benchBase = driver.equals("benchbase") ? benchBaseOptions.resolve() : null;
        Path out = directory != null ? directory : Files.createTempDirectory("pgknobs-bench");
        TpccBench bench = new TpccBench(warehouses, terminals,
                OptionUnits.seconds(duration, "--duration", Durations.Zero.REJECTED),
                OptionUnits.seconds(warmup, "--warmup", Durations.Zero.ALLOWED),
                System.console() != null, benchBase, level.benchBaseName());
        TpccBench.Figures figures = bench.run(out, ProgressListener.NONE);
        System.out.println(Json.line(figures.toMap()));
        return Main.OK;
    }
}
