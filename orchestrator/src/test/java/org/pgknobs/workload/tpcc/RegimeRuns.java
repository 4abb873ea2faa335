package org.pgknobs.workload.tpcc;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pgknobs.benchbase.BenchBaseConfig;
import org.pgknobs.collector.CollectorSettings;
import org.pgknobs.collector.ConnectionSource;
import org.pgknobs.collector.StatsCollector;
import org.pgknobs.collector.WindowStats;
import org.pgknobs.report.why.Evidence;
import org.pgknobs.report.why.Reason;
import org.pgknobs.report.why.SerializationRegime;
import org.pgknobs.report.why.WhyInput;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.results.RunRegime;
import org.pgknobs.run.capture.CollectorWindows;
import org.pgknobs.server.ConnectionInfo;

/**
 * A short SERIALIZABLE NewOrder + Payment run on the loaded warehouse with the collector sampling every 100 ms and
 * one planner setting in force, and what the regime rule says of it (TpccWorkloadTest's last tests).
 */
final class RegimeRuns {

    record Outcome(RunRegime regime, PhaseResult phase, Optional<Reason> reason) {
    }

    private RegimeRuns() {
    }

    static Outcome run(ConnectionInfo admin, String setting, Path out) throws Exception {
        String name = setting.substring(0, setting.indexOf('='));
        alter("ALTER SYSTEM SET " + setting, admin);
        try {
            BenchBaseConfig config = BenchBaseConfig.tpcc("jdbc:postgresql://127.0.0.1:" + admin.port() + "/tpcc",
                    "postgres", "secret-password", 1, 4, BenchBaseConfig.WorkRate.UNLIMITED, 0, 3,
                    List.of(50.0, 50.0, 0.0, 0.0, 0.0), "TRANSACTION_SERIALIZABLE");
            TpccWorkload w = new TpccWorkload(config, 2, "tpcc", false, 11);
            StatsCollector collector = StatsCollector.start(ConnectionSource.of(admin.jdbcUrl("tpcc"), admin.user(),
                    admin.password()), CollectorSettings.defaults().withInterval(Duration.ofMillis(100))
                    .withStatements(false));
            PhaseResult phase;
            try {
                phase = w.run(admin, out, CollectorWindows.of(collector)).headline();
            } finally {
                collector.finish();
            }
            List<WindowStats> windows = collector.current().windows();
            RunRegime regime = RunRegime.of(windows.get(windows.size() - 1), null);
            return new Outcome(regime, phase, new SerializationRegime().explain(input(phase, regime)));
        } finally {
            alter("ALTER SYSTEM RESET " + name, admin);
        }
    }

    private static WhyInput input(PhaseResult p, RunRegime regime) {
        Map<String, Long> errors = new LinkedHashMap<>();
        if (p.details().get("errors_by_sqlstate") instanceof Map<?, ?> m) {
            m.forEach((k, v) -> errors.put(String.valueOf(k), ((Number) v).longValue()));
        }
        long retries = p.details().get("retries") instanceof Number n ? n.longValue() : 0;
        Evidence e = new Evidence(null, p.name(), errors, p.completed() + retries, p.completed() - p.failed(),
                "serializable", null, null, new Evidence.Regime(regime, retries + errors.getOrDefault("40001", 0L)));
        return new WhyInput(null, Optional.empty(), Map.of(), e);
    }

    private static void alter(String sql, ConnectionInfo admin) throws Exception {
        try (Connection c = admin.connect(); Statement s = c.createStatement()) {
            s.execute(sql);
            s.execute("SELECT pg_reload_conf()");
        }
    }
}
