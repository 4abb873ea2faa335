package org.pgknobs.sidebyside;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.pgknobs.benchbase.BenchBaseConfig;
import org.pgknobs.collector.CollectorSettings;
import org.pgknobs.collector.ConnectionSource;
import org.pgknobs.collector.StatsCollector;
import org.pgknobs.results.RunRegime;
import org.pgknobs.host.LoadAverage;
import org.pgknobs.run.capture.CpuWatch;
import org.pgknobs.run.data.DataSnapshot;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.ThrowawayServer;
import org.pgknobs.stats.Stats;
import org.pgknobs.workload.MeasurementListener;
import org.pgknobs.workload.ProgressListener;
import org.pgknobs.workload.WorkloadException;
import org.pgknobs.workload.benchbase.BenchBaseLauncher;
import org.pgknobs.workload.benchbase.BenchBaseWorkload;
import org.pgknobs.workload.tpcc.TpccWorkload;

/**
 * {@code bench tpcc --driver both}: BenchBase and the built-in driver on one server from one load, taking
 * turns (BenchBase, built-in, BenchBase, built-in ...), each run from the same restored data directory, so
 * drift of a shared machine hits both alike. The load is BenchBase's own ({@code --create --load}, then
 * VACUUM ANALYZE and CHECKPOINT as pgknobs does after its own load), or with {@code reuseLoad} the built-in
 * loader's, on which BenchBase only executes.
 */
public final class TpccDriverComparison {

    /** BenchBase's sample_tpcc_config.xml URL parameters for PostgreSQL; both drivers connect with them. */
    static final String URL_PARAMETERS = "?sslmode=disable&ApplicationName=tpcc&reWriteBatchedInserts=true";

    private final int warehouses;
    private final int terminals;
    private final int durationSeconds;
    private final int warmupSeconds;
    private final int pairs;
    private final String isolation;
    private final boolean reuseLoad;
    private final Map<String, String> settings;
    private final BenchBaseLauncher benchBase;
    private final Integer attempts;
    private final boolean freshJvm;

    /** The CPU watch's span: a driver's whole run. */
    private static final String WHOLE_RUN = "run";

    /**
     * @param isolation BenchBase's name, e.g. TRANSACTION_SERIALIZABLE
     * @param settings  server settings applied through the overlay engine before the load (e.g. max_connections)
     * @param attempts  BenchBase's {@code <retries>} for both drivers (attempts per request), null = its default 3
     * @param freshJvm  run the built-in driver in a JVM of its own each time, as BenchBase runs, or else in this one
     */
    public TpccDriverComparison(int warehouses, int terminals, int durationSeconds, int warmupSeconds, int pairs,
                                String isolation, boolean reuseLoad, Map<String, String> settings, BenchBaseLauncher benchBase,
                                Integer attempts, boolean freshJvm) {
        this.attempts = attempts;
        this.freshJvm = freshJvm;
        this.warehouses = warehouses;
        this.terminals = terminals;
        this.durationSeconds = durationSeconds;
        this.warmupSeconds = warmupSeconds;
        this.pairs = pairs;
        this.isolation = isolation;
        this.reuseLoad = reuseLoad;
        this.settings = Map.copyOf(settings);
        this.benchBase = benchBase;
    }

    /**
     * Runs everything; {@code line} gets the settings' verification (when there are any), then one JSON-able
     * map per run as it ends; the ratios are returned.
     */
    public Map<String, Object> run(Path outDir, ProgressListener progress, Consumer<Map<String, Object>> line)
            throws WorkloadException {
        try (ThrowawayServer throwaway = ThrowawayServer.embedded("bench-both", List.of())) {
            ManagedServer server = throwaway.server();
            if (!settings.isEmpty()) {
                line.accept(BenchSettings.line(BenchSettings.apply(server, settings)));
            }
            long t0 = System.nanoTime();
            if (reuseLoad) {
                builtin(server).load(server.connection(), progress);
            } else {
                benchBase(server).load(server.connection(), progress);
            }
            double loadSeconds = (System.nanoTime() - t0) / 1e9;
            server.stop();
            DataSnapshot snapshot = DataSnapshot.take(server, "loaded");
            List<DriverFigures> runs = new ArrayList<>();
            for (int pair = 1; pair <= pairs; pair++) {
                // the second run of a pair starts later on a warmer machine: the drivers take turns at going first
                for (String driver : pair % 2 == 1 ? List.of("benchbase", "builtin") : List.of("builtin", "benchbase")) {
                    DriverFigures f = once(server, snapshot, outDir.resolve("pair-" + pair + "-" + driver), pair, driver, progress);
                    runs.add(f);
                    line.accept(f.toMap());
                }
            }
            Map<String, Object> summary = DriverFigures.ratios(runs);
            summary.put("order", "BenchBase first in odd pairs, built-in first in even ones");
            summary.put("load", reuseLoad ? "built-in loader (BenchBase executes on it)" : "BenchBase's loader");
            summary.put("load_seconds", Stats.round3OrNull(loadSeconds));
            summary.put("warehouses", warehouses);
            summary.put("terminals", terminals);
            summary.put("warmup_seconds", warmupSeconds);
            summary.put("duration_seconds", durationSeconds);
            summary.put("isolation", isolation);
            summary.put("settings", settings);
            summary.put("retries_setting", attempts == null ? "BenchBase's default (3 attempts)" : attempts);
            summary.put("builtin_jvm", freshJvm ? "fresh: a JVM of its own per run, as BenchBase" : "this one, shared by every run");
            return summary;
        }
    }

    private DriverFigures once(ManagedServer server, DataSnapshot snapshot, Path dir, int pair, String driver,
                               ProgressListener progress) throws WorkloadException {
        snapshot.restoreInto(server);
        server.start();
        try {
            Files.createDirectories(dir);
            double loadBefore = LoadAverage.oneMinute();
            int seconds = warmupSeconds + durationSeconds;
            CpuWatch cpu = new CpuWatch(server.postmasterPid().orElse(null));
            // the server's side of the run, the same for both drivers: its SIREAD locks, scans and plan calls
            StatsCollector collector = StatsCollector.start(ConnectionSource.of(server.connection().jdbcUrl("tpcc"),
                    server.connection().user(), server.connection().password()), CollectorSettings.defaults()
                    .withOutput(dir, "server").withSerializable(isolation.toUpperCase(java.util.Locale.ROOT)
                            .contains("SERIALIZABLE")));
            collector.beginWindow(WHOLE_RUN);
            // the whole run for both drivers: BenchBase's is one process, warm-up and JVM start included
            cpu.phaseStarted(WHOLE_RUN);
            PhaseResult phase;
            try {
                phase = switch (driver) {
                    case "benchbase" -> benchBase(server).run(server.connection(), dir, MeasurementListener.NONE).headline();
                    case "builtin" -> freshJvm ? BuiltinChildRun.run(config(server), dir)
                            : builtin(server).run(server.connection(), dir, MeasurementListener.NONE, progress).headline();
                    default -> throw new IllegalArgumentException("driver " + driver);
                };
            } finally {
                cpu.phaseEnded(WHOLE_RUN);
                collector.endWindow(WHOLE_RUN);
                collector.finish();
            }
            RunRegime regime = RunRegime.of(collector.current().window(WHOLE_RUN), collector.statements()
                    .flatMap(d -> d.window(WHOLE_RUN)).orElse(null));
            List<Double> load = List.of(loadBefore, LoadAverage.oneMinute());
            DriverFigures f = driver.equals("benchbase")
                    ? DriverFigures.ofBenchBase(pair, seconds, phase, dir.resolve("benchbase.log"), load)
                    : DriverFigures.ofBuiltin(pair, seconds, phase, load);
            return f.withCpu(cpu.window(WHOLE_RUN).orElse(null)).withRegime(regime);
        } catch (java.sql.SQLException e) {
            throw new WorkloadException("the stats collector of " + driver + " run " + pair + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new WorkloadException(driver + " run " + pair + " into " + dir + " failed: " + e.getMessage(), e);
        } finally {
            server.stop();
        }
    }

    private BenchBaseConfig config(ManagedServer server) {
        BenchBaseConfig c = BenchBaseConfig.tpcc(server.connection().jdbcUrl("tpcc") + URL_PARAMETERS,
                server.connection().user(), server.connection().password(), warehouses, terminals,
                BenchBaseConfig.WorkRate.UNLIMITED, warmupSeconds, durationSeconds, BenchBaseConfig.TPCC_WEIGHTS, isolation);
        if (attempts == null) {
            return c;
        }
        return new BenchBaseConfig(c.type(), c.driver(), c.url(), c.username(), c.password(), c.isolation(), c.batchSize(),
                c.scaleFactor(), c.terminals(), c.works(), c.transactionTypes(), Map.of("retries", String.valueOf(attempts)));
    }

    private TpccWorkload builtin(ManagedServer server) {
        return new TpccWorkload(config(server), 0, "tpcc", false, System.nanoTime());
    }

    private BenchBaseWorkload benchBase(ManagedServer server) {
        return new BenchBaseWorkload(config(server), benchBase, "tpcc", BenchBaseWorkload.DEFAULT_AGENT_OPTIONS);
    }
}
