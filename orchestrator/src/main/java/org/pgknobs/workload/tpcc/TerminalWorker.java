package org.pgknobs.workload.tpcc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Recorder;
import org.pgknobs.workload.LiveCounter;
import org.postgresql.core.BaseConnection;

/**
 * One terminal: its own connection and prepared statements, running transactions chosen by the mix
 * until the run is over. Only requests that start and end inside the measured window are recorded, as
 * BenchBase's Worker does. Retries follow BenchBase's Worker.doWork: only serialization failures (40001)
 * are retried, at once and with inputs drawn anew, up to {@code attempts} tries in all; then the request
 * is given up and the terminal draws its next transaction from the mix. A deadlock (40P01) is an error.
 */
final class TerminalWorker implements Runnable {

    static final int SUCCESS = 0;
    static final int ABORTED = 1;
    static final int ERRORS = 2;
    static final int RETRIES = 3;
    /** Requests whose every attempt failed with 40001 (BenchBase: status RETRY on the last attempt). */
    static final int GAVE_UP = 4;
    static final int OUTCOMES = 5;

    /** Opens a terminal's connection, configured (autocommit off, isolation) like the first one. */
    @FunctionalInterface
    interface Opener {
        Connection open() throws SQLException;
    }

    /** Pause between reconnect attempts while the server is unreachable. */
    private static final long RECONNECT_PAUSE_NANOS = 200_000_000L;

    private final Terminal terminal;
    private final Opener opener;
    private volatile Connection connection;
    private Procedures procedures;
    private final TpccRandom random;
    private final Mix mix;
    private final Pacer pacer;
    private final RunClock clock;
    private final Recorder[] latency;
    private final LiveCounter live;
    private final long[] preWaitNanos;
    private final long[] postWaitNanos;
    private final Samples samples = new Samples();
    /** [type][SUCCESS|ABORTED|ERRORS|RETRIES|GAVE_UP] inside the window. */
    private final long[][] counts = new long[TxType.ALL.size()][OUTCOMES];
    /** The same from the first transaction to the end, warm-up included: what BenchBase's histograms count. */
    private final long[][] runCounts = new long[TxType.ALL.size()][OUTCOMES];
    private final int attempts;
    private final Map<String, Long> errorsByState = new HashMap<>();
    private volatile String lastError;
    private long reconnects;

    TerminalWorker(Terminal terminal, Connection connection, Opener opener, TpccRandom random, Mix mix, Pacer pacer,
                   RunClock clock, Recorder[] latency, LiveCounter live, List<TpccOptions.Waits> waits, int attempts)
            throws SQLException {
        this.attempts = attempts;
        this.terminal = terminal;
        this.opener = opener;
        this.connection = connection;
        this.procedures = new Procedures(connection);
        this.random = random;
        this.mix = mix;
        this.pacer = pacer;
        this.clock = clock;
        this.latency = latency;
        this.live = live;
        this.preWaitNanos = waits.stream().mapToLong(w -> w.preMs() * 1_000_000L).toArray();
        this.postWaitNanos = waits.stream().mapToLong(w -> w.postMs() * 1_000_000L).toArray();
    }

    @Override
    public void run() {
        while (pacer.await(clock::isOver)) {
            TxType type = mix.next(random);
            if (!pause(preWaitNanos[type.ordinal()])) {
                break;
            }
            long start = System.nanoTime();
            int outcome = execute(type);
            long end = System.nanoTime();
            if (outcome >= 0) {
                runCounts[type.ordinal()][outcome]++;
                live.completed(outcome == SUCCESS ? 1 : 0, outcome == SUCCESS, end - start);
            }
            if (outcome >= 0 && clock.inWindow(start, end)) {
                samples.add(start, end, type, (byte) outcome);
                counts[type.ordinal()][outcome]++;
                latency[type.ordinal()].recordValue(Math.max(0, (end - start) / 1000));
            }
            if (!pause(postWaitNanos[type.ordinal()])) {
                break;
            }
        }
    }

    /** Keying/think time; false if the run ended meanwhile. */
    private boolean pause(long nanos) {
        long until = System.nanoTime() + nanos;
        long left;
        while ((left = until - System.nanoTime()) > 0) {
            if (clock.isOver()) {
                return false;
            }
            LockSupport.parkNanos(Math.min(left, 50_000_000L));
        }
        return !clock.isOver();
    }

    /** Runs one request to its end: SUCCESS, ABORTED, ERRORS or GAVE_UP; -1 if cut off by the end of the run. */
    private int execute(TxType type) {
        for (int attempt = 1; ; attempt++) {
            try {
                procedures.run(type, terminal, random);
                connection.commit();
                return SUCCESS;
            } catch (UserAbort e) {
                rollback();
                return ABORTED;
            } catch (SQLException e) {
                rollback();
                if (clock.isOver()) {
                    return -1;
                }
                String state = e.getSQLState() == null ? "unknown" : e.getSQLState();
                live.failed();
                if (state.equals("40001")) {
                    runCounts[type.ordinal()][RETRIES]++;
                    if (clock.inWindow(System.nanoTime())) {
                        counts[type.ordinal()][RETRIES]++;
                    }
                    if (attempt >= attempts) {
                        return GAVE_UP;
                    }
                    continue;
                }
                lastError = type.benchBaseName() + ": " + state + " " + e.getMessage();
                if (clock.inWindow(System.nanoTime())) {
                    errorsByState.merge(state, 1L, Long::sum);
                }
                if (lostConnection(state)) {
                    reconnect();
                }
                return ERRORS;
            }
        }
    }

    /**
     * Class 08 (connection exception) and 57P01-57P03 (terminated by an administrator, crash shutdown,
     * cannot connect now): the session is gone. Like BenchBase's reconnectOnConnectionFailure, the
     * terminal opens a new connection instead of failing every later request on a dead one.
     */
    private boolean lostConnection(String state) {
        if (state.startsWith("08") || state.equals("57P01") || state.equals("57P02") || state.equals("57P03")) {
            return true;
        }
        try {
            return connection.isClosed();
        } catch (SQLException e) {
            return true;
        }
    }

    /** Retries until a connection opens or the run ends (then the run's end closes nothing new). */
    private void reconnect() {
        Connection old = connection;
        try {
            old.close();
        } catch (SQLException ignored) {
            // it is broken already
        }
        while (!clock.isOver()) {
            try {
                Connection fresh = opener.open();
                Procedures prepared = new Procedures(fresh);
                connection = fresh;
                procedures = prepared;
                reconnects++;
                return;
            } catch (SQLException e) {
                lastError = "reconnect: " + e.getSQLState() + " " + e.getMessage();
                LockSupport.parkNanos(RECONNECT_PAUSE_NANOS);
            }
        }
    }

    private void rollback() {
        try {
            connection.rollback();
        } catch (SQLException ignored) {
            // the connection is broken: the next statement reports it as an error
        }
    }

    /** Asks the server to cancel whatever this terminal's connection is running (a no-op when idle). */
    void cancel() {
        try {
            connection.unwrap(BaseConnection.class).cancelQuery();
        } catch (SQLException ignored) {
            // best effort: abort() follows if the terminal does not stop
        }
    }

    void abort(Executor executor) {
        try {
            connection.abort(executor);
        } catch (SQLException ignored) {
            // already closed
        }
    }

    void close() {
        try {
            connection.close();
        } catch (SQLException ignored) {
            // closing after the run; nothing to save
        }
    }

    Terminal terminal() {
        return terminal;
    }

    Samples samples() {
        return samples;
    }

    long[][] counts() {
        return counts;
    }

    long[][] runCounts() {
        return runCounts;
    }

    Map<String, Long> errorsByState() {
        return errorsByState;
    }

    /** New connections opened after the server dropped this terminal's session. */
    long reconnects() {
        return reconnects;
    }

    String lastError() {
        return lastError;
    }
}
