package org.pgknobs.run;

import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import org.pgknobs.collector.CollectorSettings;
import org.pgknobs.collector.ConnectionSource;
import org.pgknobs.collector.StatsCollector;
import org.pgknobs.run.capture.BothListeners;
import org.pgknobs.run.capture.CollectorWindows;
import org.pgknobs.run.progress.SuiteProgress;
import org.pgknobs.results.WorkloadResult;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.server.Server;
import org.pgknobs.workload.MeasurementListener;
import org.pgknobs.workload.Workload;
import org.pgknobs.workload.WorkloadException;

/**
 * Runs a step's workload with the pg_stat_* collector alongside, its windows opened and closed where the
 * workload's measured phases begin and end; pgstats.json/.csv land in the step directory.
 *
 * @param collect  false only for overhead measurements
 */
record WorkloadWithCollector(boolean collect, Duration interval) {

    /** @param also told of every window too, after the collector (e.g. the CPU watch) */
    WorkloadResult run(Workload workload, Server server, Path dir, SuiteProgress progress, MeasurementListener also)
            throws WorkloadException {
        StatsCollector collector = collect ? start(workload, server, dir, progress) : null;
        // "measuring" is said even without a collector: the CPU watch and the user still need the window
        MeasurementListener windows = new CollectorWindows(collector, phase -> progress.say("measuring " + phase));
        MeasurementListener listener = new BothListeners(windows, also);
        try {
            progress.say("warm-up and run");
            return workload.run(server.connection(), dir, listener);
        } finally {
            if (collector != null) {
                collector.finish();
                collector.close();
            }
        }
    }

    private StatsCollector start(Workload workload, Server server, Path dir, SuiteProgress progress) {
        if (workload.collectsItsOwnStats()) {
            return null; // one collector per window: the workload's own (BenchBase's agent)
        }
        ConnectionInfo c = server.connection();
        try {
            return StatsCollector.start(ConnectionSource.of(c.jdbcUrl(workload.database()), c.user(), c.password()),
                    CollectorSettings.defaults().withInterval(interval).withOutput(dir, ""));
        } catch (SQLException e) {
            progress.say("stats collector could not start (" + e.getMessage() + "); running without it");
            return null;
        }
    }
}
