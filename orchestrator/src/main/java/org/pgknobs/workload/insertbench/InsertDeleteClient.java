package org.pgknobs.workload.insertbench;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.pgknobs.server.ConnectionInfo;

/**
 * One client's writers, shaped as iibench.py's three processes: a statement maker ({@link #make}) builds each
 * INSERT and, with deletes, the matching DELETE, and paces them; an inserter ({@link #insert}) and a deleter
 * ({@link #delete}) execute them on their own connections. Both queues hold {@value #QUEUE} statements, so
 * inserts and deletes run at most that far apart, as his do.
 */
final class InsertDeleteClient {

    static final int QUEUE = 8;
    private static final String DONE = "";

    /**
     * @param batch         rows per INSERT statement (= per transaction, autocommit), his rows_per_commit
     * @param rows          rows to insert (his max_rows); rounded up to whole batches as he does
     * @param rowsPerSecond his inserts_per_second, 0 for as fast as possible
     * @param withDeletes   his delete_per_insert
     * @param timed         whether each INSERT is a request of the phase (false: background writes of a query phase)
     */
    record Plan(int batch, long rows, int rowsPerSecond, boolean withDeletes, boolean timed) {

        long rounds() {
            return (rows + batch - 1) / batch;
        }

        /** His rounds_per_second: ceil(ips / rows_per_commit), at least 1; 0 = no limit. */
        int roundsPerSecond() {
            return rowsPerSecond == 0 ? 0 : Math.max(1, (rowsPerSecond + batch - 1) / batch);
        }
    }

    private final ConnectionInfo db;
    private final int client;
    private final Plan plan;
    private final InsertBenchVariant variant;
    private final PhaseRecorder recorder;
    private final RowGenerator rows;
    private final BlockingQueue<String> inserts = new ArrayBlockingQueue<>(QUEUE);
    private final BlockingQueue<String> deletes = new ArrayBlockingQueue<>(QUEUE);
    /** His shared_min_trxid: the maker's estimate of the smallest id, read by point queries. */
    private final AtomicLong sharedMin = new AtomicLong();
    /** His done_flag: set when the inserter has executed its last statement; queries stop on it. */
    private final AtomicBoolean done = new AtomicBoolean();

    InsertDeleteClient(ConnectionInfo db, int client, Plan plan, InsertBenchVariant variant, PhaseRecorder recorder,
                       long seed) {
        this.db = db;
        this.client = client;
        this.plan = plan;
        this.variant = variant;
        this.recorder = recorder;
        this.rows = new RowGenerator(seed, variant);
    }

    AtomicLong sharedMin() {
        return sharedMin;
    }

    AtomicBoolean done() {
        return done;
    }

    /**
     * His statement_maker. The smallest id is read with min(transactionid) once and then advanced locally by
     * the batch size; the current variant reads it again every {@link InsertBenchVariant#resyncGetMin()} + 1
     * batches (gaps left by the sequence cache), 2023 never. With a rate, after every roundsPerSecond-th
     * statement it sleeps to the next 1-second mark since the last check, without catching up a late second.
     */
    Void make() throws SQLException, InterruptedException {
        int resyncEvery = variant.resyncGetMin();
        int resync = resyncEvery;
        boolean queried = false;
        long min = -1;
        int perSecond = plan.roundsPerSecond();
        long lastRateCheck = System.nanoTime();
        try (Connection c = plan.withDeletes() ? Sessions.open(db) : null;
             Statement s = c != null ? c.createStatement() : null) {
            for (long r = 0; r < plan.rounds(); r++) {
                inserts.put(rows.insert(client, plan.batch()));
                if (plan.withDeletes()) {
                    if (!queried || (resync == 0 && resyncEvery > 0)) {
                        resync = resyncEvery;
                        min = Sessions.minOrMax(s, client, true);
                        recorder.minQuery();
                        queried = true;
                    } else if (resyncEvery > 0) {
                        resync--;
                    }
                    deletes.put(variant.deleteSql(InsertBenchSchema.table(client), min, plan.batch()));
                    min += plan.batch();
                    sharedMin.set(min);
                }
                if (perSecond > 0 && r % perSecond == 0) {
                    long now = System.nanoTime();
                    long sinceCheck = now - lastRateCheck;
                    if (sinceCheck > 0 && sinceCheck < 950_000_000L) {
                        TimeUnit.NANOSECONDS.sleep(1_000_000_000L - sinceCheck);
                    }
                    lastRateCheck = System.nanoTime();
                }
            }
        } finally {
            inserts.put(DONE);
            if (plan.withDeletes()) {
                deletes.put(DONE);
            }
        }
        return null;
    }

    /** His inserter: executes the maker's INSERTs until the last, then raises the done flag. */
    Void insert() throws SQLException, InterruptedException {
        try (Connection c = Sessions.open(db); Statement s = c.createStatement()) {
            for (String sql = inserts.take(); !sql.equals(DONE); sql = inserts.take()) {
                long begin = System.nanoTime();
                s.executeUpdate(sql);
                long end = System.nanoTime();
                if (plan.timed()) {
                    recorder.request(client, begin, end, plan.batch());
                } else {
                    recorder.sideRequest("insert", end - begin);
                }
                recorder.inserted(plan.batch());
                recorder.insertEnded(end);
            }
        } finally {
            done.set(true);
        }
        return null;
    }

    /** His deleter: executes the maker's DELETEs until the last. */
    Void delete() throws SQLException, InterruptedException {
        try (Connection c = Sessions.open(db); Statement s = c.createStatement()) {
            for (String sql = deletes.take(); !sql.equals(DONE); sql = deletes.take()) {
                long begin = System.nanoTime();
                int n = s.executeUpdate(sql);
                recorder.sideRequest("delete", System.nanoTime() - begin);
                recorder.deleted(n);
            }
        }
        return null;
    }
}
