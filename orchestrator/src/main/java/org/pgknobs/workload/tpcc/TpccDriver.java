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
import org.pgknobs.results.WarmupOutcome;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.stats.SteadyWarmup;
import org.pgknobs.workload.LiveCounter;
import org.pgknobs.workload.LiveSecond;
import org.pgknobs.workload.LiveTicker;
import org.pgknobs.workload.MeasurementListener;
import org.pgknobs.workload.ProgressListener;

/**
 * Runs the TPC-C terminals: warm-up, then the measured window, then cancels what is still in flight.
 * The window's boundaries are fixed when the terminals start (an auto warm-up may only move the window
 * earlier, once); the listener hears of them on time, and of every second of warm-up and window.
 */
public final class TpccDriver {

    /** How long terminals get after the window to notice cancellation before their connections are aborted. */
    private static final long STOP_GRACE_NANOS = TimeUnit.SECONDS.toNanos(3);

    /** The live feed's unit: committed transactions. */
    static final String UNIT = "tx";

    private final TpccOptions options;
    private final Map<String, String> jdbcProperties;
    private final SteadyWarmup autoWarmup;

    public TpccDriver(TpccOptions options) {
        this(options, Map.of(), null);
    }

    /**
     * @param jdbcProperties pgjdbc properties for the terminals' connections, as BenchBase takes them from its URL
     * @param autoWarmup     null: the warm-up lasts {@code options.warmupSeconds()}; else it ends when this says
     *                       (its cap is then {@code options.warmupSeconds()})
     */
    public TpccDriver(TpccOptions options, Map<String, String> jdbcProperties, SteadyWarmup autoWarmup) {
        this.options = options;
        this.jdbcProperties = Map.copyOf(jdbcProperties);
        this.autoWarmup = autoWarmup;
    }

    public TpccRunResult run(ConnectionInfo db, MeasurementListener listener, ProgressListener progress) throws SQLException {
        SplittableRandom seeds = new SplittableRandom(options.seed());
        NuRandConstants constants = NuRandConstants.forRun(seeds);
        Recorder[] latency = new Recorder[TxType.ALL.size()];
        for (int i = 0; i < latency.length; i++) {
            latency[i] = new Recorder(3);
        }
        LiveCounter live = new LiveCounter();
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
                        new TpccRandom(seeds.nextLong(), constants), mix, pacer, clock, latency, live, options.waitsMs(),
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
        WarmupOutcome warmup;
        try {
            warmup = warmUp(clock, live, listener, progress);
            listener.phaseStarted("tpcc");
            try {
                LiveTicker window = new LiveTicker(live, listener, "tpcc", true, UNIT, clock.windowStart());
                tickUntil(clock.windowEnd(), window, progress, "tpcc", options.timeSeconds());
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
        return TpccRunResult.of(options, constants, clock, workers, latency, warmup);
    }

    /**
     * The warm-up: its fixed time, or with {@code warmup: auto} until the trailing seconds' committed/s test steady
     * or the cap ({@code options.warmupSeconds()}) is reached, whichever is first.
     */
    private WarmupOutcome warmUp(RunClock clock, LiveCounter live, MeasurementListener listener, ProgressListener progress) {
        if (autoWarmup == null) {
            if (options.warmupSeconds() > 0) {
                LiveTicker ticker = new LiveTicker(live, listener, "tpcc", false, UNIT, clock.startNanos());
                tickUntil(clock.windowStart(), ticker, progress, "tpcc warm-up", options.warmupSeconds());
            }
            return WarmupOutcome.fixed(options.warmupSeconds());
        }
        List<Double> perSecond = new ArrayList<>();
        MeasurementListener recording = new MeasurementListener() {
            @Override
            public void phaseStarted(String phase) {
            }

            @Override
            public void phaseEnded(String phase) {
            }

            @Override
            public void second(LiveSecond second) {
                for (int i = 0; i < second.seconds(); i++) {
                    perSecond.add(second.rate());
                }
                listener.second(second);
            }
        };
        LiveTicker ticker = new LiveTicker(live, recording, "tpcc", false, UNIT, clock.startNanos());
        SteadyWarmup.Decision decision = SteadyWarmup.Decision.CONTINUE;
        while (!decision.ends() && System.nanoTime() < clock.windowStart() && !Thread.currentThread().isInterrupted()) {
            tickUntil(Math.min(clock.windowStart(), ticker.nextSecondNanos()), ticker, progress, "tpcc warm-up",
                    options.warmupSeconds());
            decision = autoWarmup.next(perSecond.stream().mapToDouble(Double::doubleValue).toArray());
        }
        if (decision == SteadyWarmup.Decision.STEADY) {
            clock.startWindowNow();
        }
        return new WarmupOutcome("auto", (clock.windowStart() - clock.startNanos()) / 1e9,
                decision == SteadyWarmup.Decision.STEADY ? "steady" : "cap", options.warmupSeconds(),
                autoWarmup.steadySeconds());
    }

    /** Parks until {@code deadline}, telling the ticker's listener of each second as it ends. */
    private static void tickUntil(long deadline, LiveTicker ticker, ProgressListener progress, String phase, long seconds) {
        long now;
        while ((now = System.nanoTime()) < deadline) {
            LockSupport.parkNanos(Math.min(deadline, ticker.nextSecondNanos()) - now);
            if (Thread.interrupted()) {
                Thread.currentThread().interrupt();
                return;
            }
            progress.progress(phase, Math.min(seconds, ticker.tick()), seconds, "s");
        }
        ticker.tick();
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
