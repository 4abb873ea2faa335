package org.pgknobs.sidebyside;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgknobs.benchbase.BenchBaseConfig;
import org.pgknobs.collector.CollectorSettings;
import org.pgknobs.collector.ConnectionSource;
import org.pgknobs.collector.PgStats;
import org.pgknobs.collector.StatementsFiles;
import org.pgknobs.collector.StatsCollector;
import org.pgknobs.experiment.plan.ObservedSettings;
import org.pgknobs.host.LoadAverage;
import org.pgknobs.run.capture.CollectorWindows;
import org.pgknobs.run.data.DataSnapshot;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.ThrowawayServer;
import org.pgknobs.stats.Stats;
import org.pgknobs.workload.MeasurementListener;
import org.pgknobs.workload.WorkloadException;
import org.pgknobs.workload.tpcc.TpccWorkload;

/**
 * What the stats collector costs the workload: the same TPC-C run with the sampler off and on, from the
 * same restored data, alternating (off, on, off, on ...) so drift hits both alike. Reports each run's
 * TPS, the medians, their ratio, and the collector's own time per snapshot round. With
 * {@link Compared#STATEMENTS} the collector runs on both sides and what is switched is pg_stat_statements
 * in shared_preload_libraries (what {@code observe: [statements]} costs); the load average is printed beside.
 */
public final class SamplerBench {

    /** What the off and on runs differ in. */
    public enum Compared {
        SAMPLER, STATEMENTS
    }

    private final int warehouses;
    private final int terminals;
    private final int durationSeconds;
    private final int warmupSeconds;
    private final int pairs;
    private final java.time.Duration interval;
    private final Compared compared;

    public SamplerBench(int warehouses, int terminals, int durationSeconds, int warmupSeconds, int pairs,
                        java.time.Duration interval) {
        this(warehouses, terminals, durationSeconds, warmupSeconds, pairs, interval, Compared.SAMPLER);
    }

    public SamplerBench(int warehouses, int terminals, int durationSeconds, int warmupSeconds, int pairs,
                        java.time.Duration interval, Compared compared) {
        this.compared = compared;
        this.warehouses = warehouses;
        this.terminals = terminals;
        this.durationSeconds = durationSeconds;
        this.warmupSeconds = warmupSeconds;
        this.pairs = pairs;
        this.interval = interval;
    }

    public Map<String, Object> run(Path outDir) throws WorkloadException {
        try (ThrowawayServer throwaway = ThrowawayServer.embedded("bench-sampler", List.of())) {
            ManagedServer server = throwaway.server();
            TpccWorkload workload = workload(server);
            workload.load(server.connection(), (p, d, t, u) -> { });
            server.stop();
            DataSnapshot snapshot = DataSnapshot.take(server, "loaded");
            String loadStart = LoadAverage.line();
            List<Double> off = new ArrayList<>();
            List<Double> on = new ArrayList<>();
            List<Double> roundMs = new ArrayList<>();
            List<Integer> captured = new ArrayList<>();
            double maxRoundMs = 0;
            for (int i = 0; i < pairs; i++) {
                PgStats[] stats = new PgStats[1];
                off.add(once(server, snapshot, outDir.resolve("off-" + (i + 1)), false, stats));
                on.add(once(server, snapshot, outDir.resolve("on-" + (i + 1)), true, stats));
                if (compared == Compared.STATEMENTS) {
                    captured.add(StatementsFiles.read(outDir.resolve("on-" + (i + 1)))
                            .flatMap(d -> d.windows().stream().findFirst()).map(w -> w.statements().size()).orElse(0));
                }
                roundMs.add(stats[0].collector().meanMs());
                maxRoundMs = Math.max(maxRoundMs, stats[0].collector().maxMs());
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("warehouses", warehouses);
            m.put("terminals", terminals);
            m.put("duration_seconds", durationSeconds);
            m.put("interval_ms", interval.toMillis());
            String side = compared == Compared.SAMPLER ? "sampler" : "statements";
            m.put("compared", side);
            m.put("tps_" + side + "_off", off);
            m.put("tps_" + side + "_on", on);
            double medOff = Stats.median(off);
            double medOn = Stats.median(on);
            m.put("median_tps_off", Stats.round3(medOff));
            m.put("median_tps_on", Stats.round3(medOn));
            m.put("ratio_on_off", medOff == 0 ? null : Stats.round3(medOn / medOff));
            m.put("snapshot_round_ms_mean", Stats.round3(Stats.median(roundMs)));
            m.put("snapshot_round_ms_max", Stats.round3(maxRoundMs));
            if (compared == Compared.STATEMENTS) {
                m.put("statements_in_window_on", captured);
            }
            m.put("loadavg_start", loadStart);
            m.put("loadavg_end", LoadAverage.line());
            return m;
        }
    }

    private TpccWorkload workload(ManagedServer server) {
        BenchBaseConfig config = BenchBaseConfig.tpcc(server.connection().jdbcUrl("tpcc"), ManagedServer.SUPERUSER, null,
                warehouses, terminals, BenchBaseConfig.WorkRate.UNLIMITED, warmupSeconds, durationSeconds,
                BenchBaseConfig.TPCC_WEIGHTS, "TRANSACTION_SERIALIZABLE");
        return new TpccWorkload(config, 0, "tpcc", false, 42L);
    }

    private double once(ManagedServer server, DataSnapshot snapshot, Path dir, boolean sample, PgStats[] stats)
            throws WorkloadException {
        snapshot.restoreInto(server);
        server.start();
        try {
            Files.createDirectories(dir);
            if (compared == Compared.STATEMENTS && sample) {
                BenchSettings.apply(server, Map.of(ObservedSettings.PRELOAD, ObservedSettings.STATEMENTS_LIBRARY));
            }
            TpccWorkload workload = workload(server);
            ConnectionInfo c = server.connection();
            boolean collect = sample || compared == Compared.STATEMENTS;
            StatsCollector collector = collect ? StatsCollector.start(ConnectionSource.of(c.jdbcUrl("tpcc"), c.user(),
                    c.password()), CollectorSettings.defaults().withInterval(interval).withOutput(dir, "")) : null;
            MeasurementListener listener = CollectorWindows.of(collector);
            double tps = workload.run(c, dir, listener).headline().throughput();
            if (collector != null) {
                stats[0] = collector.finish();
                collector.close();
            }
            return Stats.round3(tps);
        } catch (java.io.IOException | SQLException e) {
            throw new WorkloadException("sampler benchmark run failed: " + e.getMessage(), e);
        } finally {
            server.stop();
        }
    }

}
