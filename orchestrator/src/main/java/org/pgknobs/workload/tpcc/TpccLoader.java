package org.pgknobs.workload.tpcc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.workload.ProgressListener;

/**
 * Loads the TPC-C initial database (spec clause 4.3.3) with COPY: bare tables first, data for all
 * warehouses in parallel, then keys (in parallel), foreign keys, VACUUM ANALYZE and a CHECKPOINT, so the
 * database is ready to snapshot when {@link #load} returns.
 */
public final class TpccLoader {

    /** What this loader writes, for the load cache's key: bump it with any change to the rows, their order or the indexes. */
    public static final int FORMAT = 1;
    public static final int ITEMS = 100_000;
    public static final int DISTRICTS = 10;
    public static final int CUSTOMERS_PER_DISTRICT = 3000;
    public static final int ORDERS_PER_DISTRICT = 3000;
    /** Orders 2101..3000 of each district are undelivered: they have a new_order row. */
    public static final int FIRST_NEW_ORDER = 2101;

    private final int warehouses;
    private final int threads;
    private final LoadProgress progress;
    private final long seed;

    public TpccLoader(int warehouses, int threads, ProgressListener listener, boolean progressBar, long seed) {
        if (warehouses < 1) {
            throw new IllegalArgumentException("warehouses must be at least 1");
        }
        this.warehouses = warehouses;
        this.threads = Math.max(1, threads);
        this.seed = seed;
        // Rows expected: item, and per warehouse stock + 10 districts of customers, history, orders, ~10 lines per order.
        long perWarehouse = ITEMS + DISTRICTS * (1 + 3L * CUSTOMERS_PER_DISTRICT + 900 + 10L * ORDERS_PER_DISTRICT) + 1;
        this.progress = new LoadProgress(ITEMS + warehouses * perWarehouse, listener, progressBar);
    }

    /** Drops and recreates the TPC-C tables in {@code db} and fills them. */
    public void load(ConnectionInfo db) throws SQLException {
        TpccSchema schema = TpccSchema.postgres();
        try (Connection c = db.connect()) {
            TpccSchema.execute(c, schema.tables());
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "tpcc-loader");
            t.setDaemon(true);
            return t;
        });
        try {
            String now = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS"));
            List<Callable<Void>> data = new ArrayList<>();
            data.add(() -> inTransaction(db, c -> items(c, new TpccRandom(seed, null))));
            for (int w = 1; w <= warehouses; w++) {
                int wid = w;
                // Stock is a fifth of a warehouse's rows; giving it its own task keeps two cores busy even at 1 warehouse.
                data.add(() -> inTransaction(db, c -> stock(c, wid, new TpccRandom(seed * 31 + wid * 2L, null))));
                data.add(() -> inTransaction(db, c -> warehouse(c, wid, now, new TpccRandom(seed * 31 + wid * 2L + 1,
                        new NuRandConstants(NuRandConstants.LOAD_LAST_NAME, 0, 0, 0)))));
            }
            runAll(pool, data);
            progress.phase("keys");
            runAll(pool, schema.keys().stream().<Callable<Void>>map(sql -> () -> ddl(db, sql)).toList());
            progress.phase("foreign keys");
            runAll(pool, schema.foreignKeys().stream().<Callable<Void>>map(sql -> () -> ddl(db, sql)).toList());
            progress.phase("vacuum analyze");
            runAll(pool, TpccSchema.TABLES.stream().<Callable<Void>>map(t -> () -> ddl(db, "VACUUM ANALYZE " + t)).toList());
            try (Connection c = db.connect(); Statement s = c.createStatement()) {
                s.execute("CHECKPOINT");
            }
        } finally {
            pool.shutdownNow();
            progress.close();
        }
    }

    private interface Body {
        void run(Connection c) throws SQLException;
    }

    private static Void inTransaction(ConnectionInfo db, Body body) throws SQLException {
        try (Connection c = db.connect()) {
            try (Statement s = c.createStatement()) {
                // Loading is not what is measured: a lost load is simply redone.
                s.execute("SET synchronous_commit = off");
            }
            c.setAutoCommit(false);
            body.run(c);
            c.commit();
        }
        return null;
    }

    private static Void ddl(ConnectionInfo db, String sql) throws SQLException {
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            s.execute("SET maintenance_work_mem = '128MB'");
            s.execute(sql);
        }
        return null;
    }

    private static void runAll(ExecutorService pool, List<Callable<Void>> tasks) throws SQLException {
        List<Future<Void>> futures = new ArrayList<>();
        for (Callable<Void> t : tasks) {
            futures.add(pool.submit(t));
        }
        try {
            for (Future<Void> f : futures) {
                f.get();
            }
        } catch (InterruptedException e) {
            futures.forEach(f -> f.cancel(true));
            Thread.currentThread().interrupt();
            throw new SQLException("load interrupted", e);
        } catch (ExecutionException e) {
            futures.forEach(f -> f.cancel(true));
            if (e.getCause() instanceof SQLException se) {
                throw se;
            }
            throw new SQLException("load failed: " + e.getCause(), e.getCause());
        }
    }

    private void items(Connection c, TpccRandom r) throws SQLException {
        try (CopyStream out = new CopyStream(c, "item (i_id, i_name, i_price, i_data, i_im_id)", progress::add)) {
            for (int i = 1; i <= ITEMS; i++) {
                out.col(i);
                r.benchBaseString(out.sb(), 14, 24);
                out.sb().append('\t');
                out.cents(r.uniform(100, 10_000));
                r.data(out.sb());
                out.sb().append('\t');
                out.col(r.uniform(1, 10_000)).end();
            }
        }
    }

    private void stock(Connection c, int w, TpccRandom r) throws SQLException {
        try (CopyStream out = new CopyStream(c, "stock (s_w_id, s_i_id, s_quantity, s_ytd, s_order_cnt, s_remote_cnt, "
                + "s_data, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, s_dist_06, s_dist_07, s_dist_08, "
                + "s_dist_09, s_dist_10)", progress::add)) {
            for (int i = 1; i <= ITEMS; i++) {
                out.col(w).col(i).col(r.uniform(10, 100)).col("0.00").col(0).col(0);
                r.data(out.sb());
                out.sb().append('\t');
                for (int d = 0; d < DISTRICTS; d++) {
                    r.benchBaseString(out.sb(), 24);
                    out.sb().append('\t');
                }
                out.end();
            }
        }
    }

    private void warehouse(Connection c, int w, String now, TpccRandom r) throws SQLException {
        try (CopyStream out = new CopyStream(c, "warehouse (w_id, w_ytd, w_tax, w_name, w_street_1, w_street_2, "
                + "w_city, w_state, w_zip)", progress::add)) {
            out.col(w).col("300000.00").tenThousandths(r.uniform(0, 2000));
            address(out, r);
            out.end();
        }
        try (CopyStream out = new CopyStream(c, "district (d_w_id, d_id, d_ytd, d_tax, d_next_o_id, d_name, "
                + "d_street_1, d_street_2, d_city, d_state, d_zip)", progress::add)) {
            for (int d = 1; d <= DISTRICTS; d++) {
                out.col(w).col(d).col("30000.00").tenThousandths(r.uniform(0, 2000)).col(ORDERS_PER_DISTRICT + 1);
                address(out, r);
                out.end();
            }
        }
        try (CopyStream out = new CopyStream(c, "customer (c_w_id, c_d_id, c_id, c_discount, c_credit, c_last, c_first, "
                + "c_credit_lim, c_balance, c_ytd_payment, c_payment_cnt, c_delivery_cnt, c_street_1, c_street_2, "
                + "c_city, c_state, c_zip, c_phone, c_since, c_middle, c_data)", progress::add)) {
            for (int d = 1; d <= DISTRICTS; d++) {
                for (int id = 1; id <= CUSTOMERS_PER_DISTRICT; id++) {
                    out.col(w).col(d).col(id).tenThousandths(r.uniform(1, 5000)).col(r.percent(10) ? "BC" : "GC")
                            .col(id <= 1000 ? TpccRandom.lastName(id - 1) : r.lastNameForLoad());
                    r.benchBaseString(out.sb(), 8, 16);
                    out.sb().append('\t');
                    out.col("50000.00").col("-10.00").col("10.0").col(1).col(0);
                    for (int i = 0; i < 3; i++) {
                        r.benchBaseString(out.sb(), 10, 20);
                        out.sb().append('\t');
                    }
                    r.state(out.sb());
                    out.sb().append('\t');
                    r.digits(out.sb(), 4);
                    out.sb().append("11111\t");
                    r.digits(out.sb(), 16);
                    out.sb().append('\t');
                    out.col(now).col("OE");
                    r.benchBaseString(out.sb(), 300, 500);
                    out.sb().append('\t');
                    out.end();
                }
            }
        }
        try (CopyStream out = new CopyStream(c, "history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data)",
                progress::add)) {
            for (int d = 1; d <= DISTRICTS; d++) {
                for (int id = 1; id <= CUSTOMERS_PER_DISTRICT; id++) {
                    out.col(id).col(d).col(w).col(d).col(w).col(now).col("10.00");
                    r.benchBaseString(out.sb(), 10, 24);
                    out.sb().append('\t');
                    out.end();
                }
            }
        }
        try (CopyStream out = new CopyStream(c, "oorder (o_w_id, o_d_id, o_id, o_c_id, o_carrier_id, o_ol_cnt, "
                + "o_all_local, o_entry_d)", progress::add)) {
            for (int d = 1; d <= DISTRICTS; d++) {
                int[] customers = permutation(r, CUSTOMERS_PER_DISTRICT);
                for (int o = 1; o <= ORDERS_PER_DISTRICT; o++) {
                    out.col(w).col(d).col(o).col(customers[o - 1]);
                    if (o < FIRST_NEW_ORDER) {
                        out.col(r.uniform(1, 10));
                    } else {
                        out.nul();
                    }
                    out.col(lineCount(w, o, d)).col(1).col(now).end();
                }
            }
        }
        try (CopyStream out = new CopyStream(c, "new_order (no_w_id, no_d_id, no_o_id)", progress::add)) {
            for (int d = 1; d <= DISTRICTS; d++) {
                for (int o = FIRST_NEW_ORDER; o <= ORDERS_PER_DISTRICT; o++) {
                    out.col(w).col(d).col(o).end();
                }
            }
        }
        try (CopyStream out = new CopyStream(c, "order_line (ol_w_id, ol_d_id, ol_o_id, ol_number, ol_i_id, "
                + "ol_delivery_d, ol_amount, ol_supply_w_id, ol_quantity, ol_dist_info)", progress::add)) {
            for (int d = 1; d <= DISTRICTS; d++) {
                for (int o = 1; o <= ORDERS_PER_DISTRICT; o++) {
                    boolean delivered = o < FIRST_NEW_ORDER;
                    int lines = lineCount(w, o, d);
                    for (int n = 1; n <= lines; n++) {
                        out.col(w).col(d).col(o).col(n).col(r.uniform(1, ITEMS));
                        if (delivered) {
                            out.col(now).col("0.00");
                        } else {
                            out.nul().cents(r.uniform(1, 999_999));
                        }
                        out.col(w).col(5);
                        r.benchBaseString(out.sb(), 24);
                        out.sb().append('\t');
                        out.end();
                    }
                }
            }
        }
    }

    /**
     * o_ol_cnt, and the number of order lines, as BenchBase's loader derives them (getRandomCount): not
     * drawn from the load's generator but from a {@code java.util.Random} seeded with the hash of a Customer
     * POJO holding only (c_id = order id, c_d_id, c_w_id). So every BenchBase load, and pgknobs', has the
     * same line counts per order.
     */
    static int lineCount(int w, int orderId, int d) {
        int hash = Objects.hash(orderId, d, w, 0, 0, null, 0f, 0f, 0f, 0f,
                null, null, null, null, null, null, null, null, null, null, null);
        return (int) (new Random(hash).nextDouble() * 11 + 5);
    }

    /** Name 6..10, streets and city 10..20 (as randomStr: one less), state, BenchBase's fixed zip. */
    private static void address(CopyStream out, TpccRandom r) {
        r.benchBaseString(out.sb(), 6, 10);
        out.sb().append('\t');
        for (int i = 0; i < 3; i++) {
            r.benchBaseString(out.sb(), 10, 20);
            out.sb().append('\t');
        }
        r.state(out.sb());
        out.sb().append('\t');
        out.sb().append("123456789\t");
    }

    /**
     * o_c_id per district (spec 4.3.3.1: a permutation of 1..3000), shuffled as BenchBase does: element i
     * swaps with a random later one (never itself), which yields a single-cycle permutation.
     */
    private static int[] permutation(TpccRandom r, int n) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i + 1;
        }
        for (int i = 0; i < n - 1; i++) {
            int j = r.raw().nextInt(n - i - 1) + i + 1;
            int t = p[j];
            p[j] = p[i];
            p[i] = t;
        }
        return p;
    }
}
