package org.pgknobs.workload.insertbench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.pgknobs.server.ConnectionInfo;

/**
 * One client's writers: an inserter on its own connection and, optionally, a deleter on a second one that
 * removes as many of the oldest rows as the inserter committed, so the table size stays fixed. As in
 * iibench.py the deleter trails by at most {@value #DELETE_BACKLOG} batches; then the inserter waits.
 */
final class InsertDeleteClient {

    static final int DELETE_BACKLOG = 8;
    private static final int DONE = -1;

    /**
     * @param batch        rows per INSERT statement (= per transaction, autocommit)
     * @param rows         rows to insert, or -1 to insert until {@code stop}
     * @param rowsPerSecond insert rate limit, 0 for as fast as possible
     * @param timed        whether each INSERT is a request of the phase (false: background writes of a query phase)
     */
    record Plan(int batch, long rows, int rowsPerSecond, boolean withDeletes, boolean timed) {
    }

    private final ConnectionInfo db;
    private final int client;
    private final Plan plan;
    private final PhaseRecorder recorder;
    private final AtomicBoolean stop;
    private final RowGenerator rows;
    private final BlockingQueue<Integer> toDelete = new ArrayBlockingQueue<>(DELETE_BACKLOG);

    InsertDeleteClient(ConnectionInfo db, int client, Plan plan, PhaseRecorder recorder, AtomicBoolean stop, long seed) {
        this.db = db;
        this.client = client;
        this.plan = plan;
        this.recorder = recorder;
        this.stop = stop;
        this.rows = new RowGenerator(seed);
    }

    /** Inserts until the plan's rows are in or {@code stop} is set, then tells the deleter to finish. */
    Void insert() throws SQLException, InterruptedException {
        try (Connection c = Sessions.open(db)) {
            PreparedStatement full = c.prepareStatement(InsertBenchSchema.insert(client, plan.batch()));
            long done = 0;
            long round = 0;
            long start = System.nanoTime();
            while ((plan.rows() < 0 || done < plan.rows()) && !stop.get()) {
                if (plan.rowsPerSecond() > 0
                        && !sleepUntil(start + (long) (round * plan.batch() * 1e9 / plan.rowsPerSecond()))) {
                    break;
                }
                int n = (int) (plan.rows() < 0 ? plan.batch() : Math.min(plan.batch(), plan.rows() - done));
                PreparedStatement insert = n == plan.batch() ? full
                        : c.prepareStatement(InsertBenchSchema.insert(client, n));
                rows.bind(insert, n);
                long begin = System.nanoTime();
                insert.executeUpdate();
                long end = System.nanoTime();
                if (plan.timed()) {
                    recorder.request(begin, end, n);
                } else {
                    recorder.sideRequest("insert", end - begin);
                }
                recorder.inserted(n);
                done += n;
                round++;
                if (plan.withDeletes()) {
                    toDelete.put(n);
                }
            }
        } finally {
            if (plan.withDeletes()) {
                toDelete.put(DONE);
            }
        }
        return null;
    }

    /**
     * Deletes the oldest rows batch by batch as the inserter reports them, until the inserter is done. Each
     * round first reads min(transactionid), as iibench.py does: that read walks the index entries of rows
     * already deleted but not yet vacuumed, a cost this benchmark is known for.
     */
    Void delete() throws SQLException, InterruptedException {
        try (Connection c = Sessions.open(db);
             PreparedStatement oldest = c.prepareStatement("select min(transactionid) from " + InsertBenchSchema.table(client));
             PreparedStatement delete = c.prepareStatement(InsertBenchSchema.deleteOldest(client))) {
            for (int n = toDelete.take(); n != DONE; n = toDelete.take()) {
                long min;
                try (ResultSet rs = oldest.executeQuery()) {
                    rs.next();
                    min = rs.getLong(1);
                }
                delete.setLong(1, min);
                delete.setInt(2, n);
                long begin = System.nanoTime();
                try (ResultSet rs = delete.executeQuery()) {
                    rs.next();
                    recorder.sideRequest("delete", System.nanoTime() - begin);
                    recorder.deleted(rs.getLong(1));
                }
            }
        }
        return null;
    }

    /** Sleeps until {@code deadline}; false when {@code stop} was set meanwhile. */
    private boolean sleepUntil(long deadline) throws InterruptedException {
        long left;
        while ((left = deadline - System.nanoTime()) > 0) {
            if (stop.get()) {
                return false;
            }
            TimeUnit.NANOSECONDS.sleep(Math.min(left, 20_000_000L));
        }
        return !stop.get();
    }
}
