package org.pgknobs.workload.tpcc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Recorder;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.workload.MeasurementListener;
import org.pgknobs.workload.ProgressListener;

/**
 * Runs the TPC-C terminals: warm-up, then the measured window, then cancels what is still in flight.
 * The window's boundaries are fixed when the terminals start; the listener hears of them on time.
 */
public final class TpccDriver {

    /** How long terminals get after the window to notice cancellation before their connections are aborted. */
    private static final long STOP_GRACE_NANOS = TimeUnit.SECONDS.toNanos(3);

    private final TpccOptions options;
    private final Map<String, String> jdbcProperties;

    public TpccDriver(TpccOptions options) {
        this(options, Map.of());
    }

    /** @param jdbcProperties pgjdbc properties for the terminals' connections, as BenchBase takes them from its URL */
    public TpccDriver(TpccOptions options, Map<String, String> jdbcProperties) {
        this.options = options;
        this.jdbcProperties = Map.copyOf(jdbcProperties);
    }

    public TpccRunResult run(ConnectionInfo db, MeasurementListener listener, ProgressListener progress) throws SQLException {
        SplittableRandom seeds = new SplittableRandom(options.seed());
        NuRandConstants constants = NuRandConstants.forRun(seeds);
        Recorder[] latency = new Recorder[TxType.ALL.size()];
        for (int i = 0; i < latency.length; i++) {
            latency[i] = new Recorder(3);
        }
        Mix mix = new Mix(options.weights());
        List<Terminal> terminals = Terminal.assign(options.terminals(), options.warehouses());
        List<Connection> connections = new ArrayList<>();
        List<TerminalWorker> workers = new ArrayList<>();
        long startNanos = System.nanoTime();
        RunClock clock;
        try {
            TerminalWorker.Opener opener = () -> open(db);
            for (Terminal t : terminals) {
                connections.add(opener.open());
            }
            startNanos = System.nanoTime();
            clock = new RunClock(startNanos, TimeUnit.SECONDS.toNanos(options.warmupSeconds()),
                    TimeUnit.SECONDS.toNanos(options.timeSeconds()));
            Pacer pacer = new Pacer(options.rate(), startNanos);
            for (int i = 0; i < terminals.size(); i++) {
                workers.add(new TerminalWorker(terminals.get(i), connections.get(i), opener,
                        new TpccRandom(seeds.nextLong(), constants), mix, pacer, clock, latency, options.waitsMs(),
                        options.attempts()));
            }
        } catch (SQLException | RuntimeException e) {
            connections.forEach(TpccDriver::closeQuietly);
            throw e;
        }

        List<Thread> threads = new ArrayList<>();
        for (TerminalWorker w : workers) {
            Thread t = new Thread(w, "tpcc-terminal-" + w.terminal().id());
            t.setDaemon(true);
            threads.add(t);
        }
        threads.forEach(Thread::start);
        try {
            if (options.warmupSeconds() > 0) {
                sleepUntil(clock.windowStart(), progress, "tpcc warm-up", clock.startNanos(), options.warmupSeconds());
            }
            listener.phaseStarted("tpcc");
            try {
                sleepUntil(clock.windowEnd(), progress, "tpcc", clock.windowStart(), options.timeSeconds());
            } finally {
                clock.end();
                listener.phaseEnded("tpcc");
            }
        } finally {
            clock.end();
            stop(workers, threads);
        }
        if (Thread.currentThread().isInterrupted()) {
            // A cut-short window would be divided by the full configured time: report no figures at all.
            throw new SQLException("TPC-C run interrupted before its measured window ended", "57014");
        }
        return TpccRunResult.of(options, constants, clock, workers, latency);
    }

    private static void sleepUntil(long deadline, ProgressListener progress, String phase, long from, long seconds) {
        long now;
        while ((now = System.nanoTime()) < deadline) {
            LockSupport.parkNanos(Math.min(deadline - now, 1_000_000_000L));
            if (Thread.interrupted()) {
                Thread.currentThread().interrupt();
                return;
            }
            progress.progress(phase, Math.min(seconds, (System.nanoTime() - from) / 1_000_000_000L), seconds, "s");
        }
    }

    /** Cancels in-flight statements (not waited for, not counted), then aborts connections that still hang. */
    private static void stop(List<TerminalWorker> workers, List<Thread> threads) {
        long deadline = System.nanoTime() + STOP_GRACE_NANOS;
        do {
            for (int i = 0; i < workers.size(); i++) {
                if (threads.get(i).isAlive()) {
                    workers.get(i).cancel();
                }
            }
            for (Thread t : threads) {
                try {
                    t.join(Math.max(1, Math.min(200, (deadline - System.nanoTime()) / 1_000_000)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        } while (threads.stream().anyMatch(Thread::isAlive) && System.nanoTime() < deadline);
        ExecutorService aborter = Executors.newCachedThreadPool();
        try {
            for (int i = 0; i < workers.size(); i++) {
                if (threads.get(i).isAlive()) {
                    workers.get(i).abort(aborter);
                } else {
                    workers.get(i).close();
                }
            }
        } finally {
            aborter.shutdown();
        }
    }

    private Connection open(ConnectionInfo db) throws SQLException {
        Connection c = db.connect(db.database(), jdbcProperties);
        try {
            c.setAutoCommit(false);
            c.setTransactionIsolation(TpccOptions.jdbcIsolation(options.isolation()));
            return c;
        } catch (SQLException e) {
            closeQuietly(c);
            throw e;
        }
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // already failing
        }
    }
}
