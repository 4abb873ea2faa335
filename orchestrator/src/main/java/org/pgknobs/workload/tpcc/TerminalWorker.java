package org.pgknobs.workload.tpcc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Recorder;
import org.postgresql.core.BaseConnection;

/**
 * One terminal: its own connection and prepared statements, running transactions chosen by the mix
 * until the run is over. Only requests that start and end inside the measured window are recorded, as
 * BenchBase's Worker does; serialization failures and deadlocks are retried and counted.
 */
final class TerminalWorker implements Runnable {

    static final int SUCCESS = 0;
    static final int ABORTED = 1;
    static final int ERRORS = 2;
    static final int RETRIES = 3;

    private final Terminal terminal;
    private final Connection connection;
    private final Procedures procedures;
    private final TpccRandom random;
    private final Mix mix;
    private final Pacer pacer;
    private final RunClock clock;
    private final Recorder[] latency;
    private final long[] preWaitNanos;
    private final long[] postWaitNanos;
    private final Samples samples = new Samples();
    /** [type][SUCCESS|ABORTED|ERRORS|RETRIES] inside the window. */
    private final long[][] counts = new long[TxType.ALL.size()][4];
    private final Map<String, Long> errorsByState = new HashMap<>();
    private volatile String lastError;

    TerminalWorker(Terminal terminal, Connection connection, TpccRandom random, Mix mix, Pacer pacer, RunClock clock,
                   Recorder[] latency, List<TpccOptions.Waits> waits) throws SQLException {
        this.terminal = terminal;
        this.connection = connection;
        this.procedures = new Procedures(connection);
        this.random = random;
        this.mix = mix;
        this.pacer = pacer;
        this.clock = clock;
        this.latency = latency;
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

    /** Runs one request to its end: SUCCESS, ABORTED or ERRORS; -1 if cut off by the end of the run. */
    private int execute(TxType type) {
        while (true) {
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
                if (state.equals("40001") || state.equals("40P01")) {
                    if (clock.inWindow(System.nanoTime())) {
                        counts[type.ordinal()][RETRIES]++;
                    }
                    continue;
                }
                lastError = type.benchBaseName() + ": " + state + " " + e.getMessage();
                if (clock.inWindow(System.nanoTime())) {
                    errorsByState.merge(state, 1L, Long::sum);
                }
                return ERRORS;
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

    Map<String, Long> errorsByState() {
        return errorsByState;
    }

    String lastError() {
        return lastError;
    }
}
