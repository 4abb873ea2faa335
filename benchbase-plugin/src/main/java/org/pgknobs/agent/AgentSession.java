package org.pgknobs.agent;

import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.pgknobs.benchbase.BenchBaseConfig;
import org.pgknobs.benchbase.BenchBaseXml;
import org.pgknobs.benchbase.ResultPrefix;
import org.pgknobs.collector.CollectorSettings;
import org.pgknobs.collector.ConnectionSource;
import org.pgknobs.collector.StatsCollector;

/**
 * One agent run inside a BenchBase JVM: connect, wait for execution to start, open the window after
 * warm-up, close it after the measured time (or at JVM shutdown, whichever comes first), write files
 * under BenchBase's prefix at shutdown.
 */
final class AgentSession {

    static final String PHASE = "measure";

    private final AgentOptions options;
    private final BenchBaseCommandLine cmd;
    private final long agentStartMs = System.currentTimeMillis();
    private final CountDownLatch started = new CountDownLatch(1);
    private volatile long startNanos;
    private StatsCollector collector;
    private boolean windowOpen;
    private boolean windowDone;
    private boolean finished;

    AgentSession(AgentOptions options, BenchBaseCommandLine cmd) {
        this.options = options;
        this.cmd = cmd;
    }

    static void log(String message) {
        System.err.println(Instant.now() + " pgknobs agent: " + message);
    }

    void executionStarted() {
        if (started.getCount() > 0) {
            startNanos = System.nanoTime();
            started.countDown();
        }
    }

    void start() {
        BenchBaseConfig config = BenchBaseXml.read(cmd.config());
        Thread t = new Thread(() -> run(config), "pgknobs-agent");
        t.setDaemon(true);
        t.start();
        Runtime.getRuntime().addShutdownHook(new Thread(this::shutdown, "pgknobs-agent-shutdown"));
        log("collecting every " + options.interval().toMillis() + " ms from " + config.url() + "; window after "
                + config.warmupSeconds() + " s warm-up for " + config.measuredSeconds() + " s; files into "
                + cmd.resultsDir().toAbsolutePath());
    }

    private void run(BenchBaseConfig config) {
        try {
            StatsCollector c = connect(config);
            if (c == null) {
                return;
            }
            synchronized (this) {
                if (finished) {
                    c.finish();
                    return;
                }
                collector = c;
            }
            started.await();
            sleepUntil(startNanos + TimeUnit.SECONDS.toNanos(config.warmupSeconds()));
            synchronized (this) {
                if (finished) {
                    return;
                }
                collector.beginWindow(PHASE);
                windowOpen = true;
            }
            log("measured window open");
            sleepUntil(startNanos + TimeUnit.SECONDS.toNanos(config.warmupSeconds() + (long) config.measuredSeconds()));
            synchronized (this) {
                closeWindow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            log("collection failed: " + e);
        }
    }

    /** The database may still be starting up; keep trying for a minute. */
    private StatsCollector connect(BenchBaseConfig config) throws InterruptedException {
        CollectorSettings settings = CollectorSettings.defaults().withInterval(options.interval())
                .withStatements(options.statements())
                .withOutput(cmd.resultsDir(), "pgknobs-agent-" + ProcessHandle.current().pid());
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (true) {
            try {
                return StatsCollector.start(ConnectionSource.of(config.url(), config.username(), config.password()), settings);
            } catch (SQLException e) {
                if (System.nanoTime() > deadline) {
                    log("cannot connect to " + config.url() + " (" + e.getMessage() + "); not collecting");
                    return null;
                }
                Thread.sleep(1000);
            }
        }
    }

    private void closeWindow() {
        if (windowOpen && !windowDone) {
            collector.endWindow(PHASE);
            windowOpen = false;
            windowDone = true;
            log("measured window closed");
        }
    }

    private static void sleepUntil(long nanoDeadline) throws InterruptedException {
        long left;
        while ((left = nanoDeadline - System.nanoTime()) > 0) {
            TimeUnit.NANOSECONDS.sleep(left);
        }
    }

    private synchronized void shutdown() {
        finished = true;
        if (collector == null) {
            log("no connection was made; nothing written");
            return;
        }
        try {
            if (windowOpen) {
                log("JVM ends before the measured time is over; closing the window now");
            } else if (started.getCount() > 0) {
                log("never saw class " + options.startClass() + " load, so execution start is unknown: no measured "
                        + "window (set start-class=... to the class that starts BenchBase's workload)");
            } else if (!windowDone) {
                log("JVM ends before warm-up was over; no measured window");
            }
            closeWindow();
            String prefix = ResultPrefix.newest(cmd.resultsDir(), agentStartMs)
                    .orElseGet(() -> {
                        log("no BenchBase *.summary.json in " + cmd.resultsDir() + "; using the agent's own prefix");
                        return "pgknobs-agent-" + ProcessHandle.current().pid();
                    });
            collector.finish(prefix);
            Path json = cmd.resultsDir().resolve(prefix + ".pgstats.json");
            log("wrote " + json.toAbsolutePath() + " and " + prefix + ".pgstats.csv"
                    + (collector.statements().isPresent() ? " and " + prefix + ".statements.json" : ""));
        } catch (RuntimeException e) {
            log("could not write statistics: " + e);
        }
    }
}
