package org.pgknobs.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.Callable;
import org.pgknobs.BadInputException;
import org.pgknobs.benchbase.BenchBaseConfig;
import org.pgknobs.benchbase.BenchBaseXml;
import org.pgknobs.json.Json;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.workload.MeasurementListener;
import org.pgknobs.workload.ProgressListener;
import org.pgknobs.workload.tpcc.TpccWorkload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pgknobs tpcc}: the built-in TPC-C with BenchBase's command line ({@code benchbase -b tpcc ...}). */
@Command(name = "tpcc", mixinStandardHelpOptions = true,
        description = {"Built-in TPC-C driven by a BenchBase configuration XML, with BenchBase's flags and result files.",
            "Example: pgknobs tpcc -c sample_tpcc_config.xml --create=true --load=true --execute=true -d results"})
public final class TpccCommand implements Callable<Integer> {

    @Option(names = {"-c", "--config"}, required = true, paramLabel = "XML", description = "BenchBase configuration file")
    Path config;

    @Option(names = {"-b", "--bench"}, defaultValue = "tpcc", description = "benchmark; only tpcc (accepted for BenchBase compatibility)")
    String bench;

    @Option(names = "--create", arity = "0..1", fallbackValue = "true", defaultValue = "false",
            description = "create the database (if missing) and the TPC-C schema, dropping existing TPC-C tables")
    boolean create;

    @Option(names = "--load", arity = "0..1", fallbackValue = "true", defaultValue = "false",
            description = "(re)create the tables and load scalefactor warehouses")
    boolean load;

    @Option(names = "--execute", arity = "0..1", fallbackValue = "true", defaultValue = "false",
            description = "run the <work> phase and write the result files")
    boolean execute;

    @Option(names = {"-d", "--directory"}, defaultValue = "results", paramLabel = "DIR", description = "result directory")
    Path directory;

    @Option(names = "--admin-db", defaultValue = "postgres",
            description = "database to connect to for creating the benchmark database (default ${DEFAULT-VALUE})")
    String adminDb;

    @Option(names = "--loader-threads", defaultValue = "0", description = "parallel load connections (0 = one per core)")
    int loaderThreads;

    @Override
    public Integer call() throws Exception {
        if (!bench.equals("tpcc")) {
            throw new BadInputException("-b " + bench + ": the built-in driver runs only tpcc");
        }
        if (!create && !load && !execute) {
            throw new BadInputException("nothing to do: give --create, --load and/or --execute (as with BenchBase)");
        }
        if (!Files.isRegularFile(config)) {
            throw new BadInputException("configuration file " + config + " does not exist");
        }
        BenchBaseConfig cfg = BenchBaseXml.read(config);
        BenchBaseConfig.Endpoint ep = cfg.endpoint();
        ConnectionInfo admin = new ConnectionInfo(ep.host(), ep.port(), adminDb, cfg.username(), cfg.password());
        boolean tty = System.console() != null;
        TpccWorkload workload = new TpccWorkload(cfg, loaderThreads, prefix(), tty, System.nanoTime());
        if (create && !load) {
            workload.create(admin);
            System.err.println("created the TPC-C schema in " + workload.database());
        }
        if (load) {
            long t0 = System.nanoTime();
            workload.load(admin, ProgressListener.NONE);
            System.err.printf("loaded %d warehouses into %s in %.1f s%n", cfg.warehouses(), workload.database(),
                    (System.nanoTime() - t0) / 1e9);
        }
        if (execute) {
            Files.createDirectories(directory);
            var result = workload.run(admin, directory, MeasurementListener.NONE, TpccCommand::everyTenSeconds).headline();
            System.out.println(Json.line(result));
        }
        return Main.OK;
    }

    /** A line on stderr every 10 s of warm-up and measurement, so a long run shows it is alive. */
    private static void everyTenSeconds(String phase, long done, long total, String unit) {
        if (done > 0 && (done % 10 == 0 || done == total)) {
            System.err.printf("%s: %d/%d %s%n", phase, done, total, unit);
        }
    }

    /** BenchBase's result file prefix: benchmark and start time. */
    private static String prefix() {
        return "tpcc_" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd_HH-mm-ss"));
    }
}
