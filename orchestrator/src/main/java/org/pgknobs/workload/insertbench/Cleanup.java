package org.pgknobs.workload.insertbench;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.workload.WorkloadException;

/**
 * The unmeasured clean-up between the write steps and the query steps, as iq.sh does it.
 * Current (vac_pg): {@code vacuum (verbose, analyze, index_cleanup ON)} of every table in parallel, waited
 * for, then a checkpoint, then a sleep until {@code cleanupWait} seconds after the start (his 60 s + 1 s per
 * million rows, at most 1200 s). May 2023 (vac_all): {@code vacuum (verbose)} of every table in parallel,
 * waited for, nothing else; and before every query step but the first, two rounds of the same vacuum started
 * without waiting, each followed by a 5 s sleep.
 */
final class Cleanup {

    static final String CURRENT_VACUUM = "vacuum (verbose, analyze, index_cleanup ON) ";
    static final String MAY2023_VACUUM = "vacuum (verbose) ";
    /** iq.sh 2023: sleep 5 after starting each round of background vacuums. */
    static final int MAY2023_ROUND_PAUSE_SECONDS = 5;

    private final ConnectionInfo db;
    private final InsertBenchConfig config;
    private final ExecutorService pool;
    private final List<Future<?>> background = new ArrayList<>();

    Cleanup(ConnectionInfo db, InsertBenchConfig config, ExecutorService pool) {
        this.db = db;
        this.config = config;
        this.pool = pool;
    }

    /** After the last write step, before the first query step. */
    void beforeQuerySteps() throws WorkloadException {
        long start = System.nanoTime();
        boolean current = config.variant() == InsertBenchVariant.CURRENT;
        try {
            for (Future<?> f : vacuumAll(current ? CURRENT_VACUUM : MAY2023_VACUUM)) {
                f.get();
            }
            if (current) {
                try (Connection c = db.connect(); Statement s = c.createStatement()) {
                    s.execute("checkpoint");
                }
                long left = start + TimeUnit.SECONDS.toNanos(config.cleanupWait()) - System.nanoTime();
                if (left > 0) {
                    TimeUnit.NANOSECONDS.sleep(left);
                }
            }
        } catch (SQLException | java.util.concurrent.ExecutionException e) {
            Throwable cause = e instanceof java.util.concurrent.ExecutionException ? e.getCause() : e;
            throw new WorkloadException("insertbench: vacuum/checkpoint before the query phases failed (checkpoint "
                    + "needs superuser or pg_checkpoint): " + cause.getMessage(), cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WorkloadException("insertbench interrupted during the clean-up before the query phases", e);
        }
    }

    /** Before query step number {@code step} (1-based): 2023's background vacuums from the second step on. */
    void beforeQueryStep(int step) throws WorkloadException {
        if (config.variant() != InsertBenchVariant.MAY2023 || step < 2) {
            return;
        }
        try {
            for (int round = 0; round < 2; round++) {
                background.addAll(vacuumAll(MAY2023_VACUUM));
                TimeUnit.SECONDS.sleep(Math.min(MAY2023_ROUND_PAUSE_SECONDS, config.cleanupWait()));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WorkloadException("insertbench interrupted while starting background vacuums", e);
        }
    }

    /** Waits for the background vacuums (at the end of the run, so none outlives it). */
    void finish() throws WorkloadException {
        try {
            for (Future<?> f : background) {
                f.get();
            }
        } catch (java.util.concurrent.ExecutionException e) {
            throw new WorkloadException("insertbench: background vacuum failed: " + e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WorkloadException("insertbench interrupted waiting for background vacuums", e);
        }
    }

    /** One connection per table, as his one psql per table. */
    private List<Future<?>> vacuumAll(String vacuum) {
        List<Future<?>> futures = new ArrayList<>();
        for (int client = 1; client <= config.clients(); client++) {
            String sql = vacuum + InsertBenchSchema.table(client);
            Callable<Void> task = () -> {
                try (Connection c = db.connect(); Statement s = c.createStatement()) {
                    s.execute(sql);
                }
                return null;
            };
            futures.add(pool.submit(task));
        }
        return futures;
    }
}
