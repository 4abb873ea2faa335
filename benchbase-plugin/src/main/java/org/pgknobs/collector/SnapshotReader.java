package org.pgknobs.collector;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * Runs one snapshot round on the collector's connection. The round is one transaction, so the
 * collector adds one commit (or a rollback per failing query) to pg_stat_database, which the window
 * math subtracts. All queries normally go in one round trip; once any query fails they run one by
 * one, and a failing query is recorded with its error while the round goes on.
 */
final class SnapshotReader {

    private final QueryCatalog catalog;
    private final LongSupplier clock;
    private static final String FORCE_FLUSH = "select pg_stat_force_next_flush()";
    private long ownXacts;
    private boolean batched = true;

    SnapshotReader(QueryCatalog catalog, LongSupplier clock) {
        this.catalog = catalog;
        this.clock = clock;
    }

    /** Transactions the collector ran on this connection outside a round (they come out of the database's count). */
    void countOwn(int transactions) {
        ownXacts += transactions;
    }

    Snapshot read(Connection c, List<StatQuery> extra) throws SQLException {
        return read(c, extra, false);
    }

    /** @param siread whether this round samples the SIREAD locks too */
    Snapshot read(Connection c, List<StatQuery> extra, boolean siread) throws SQLException {
        long started = System.nanoTime();
        long timestamp = clock.getAsLong();
        long xactsBefore = ownXacts;
        Map<String, List<StatRow>> groups = new LinkedHashMap<>();
        Map<String, String> errors = new LinkedHashMap<>();
        Map<String, Long> waits = new TreeMap<>();
        List<AutovacuumWorker> workers = new ArrayList<>();
        List<SireadCount> locks = siread ? new ArrayList<>() : null;
        List<StatQuery> all = new ArrayList<>(catalog.queries());
        all.addAll(extra);
        c.setAutoCommit(false);
        if (batched) {
            try (Statement s = c.createStatement()) {
                readBatched(s, all, groups, waits, workers, locks);
                c.commit();
                ownXacts++;
            } catch (SQLException e) {
                if (c.isClosed() || !c.isValid(2)) {
                    throw e;
                }
                // Some query fails on this server: from now on run them one by one, so only it is lost.
                c.rollback();
                ownXacts++;
                batched = false;
                groups.clear();
                waits.clear();
                workers.clear();
                if (locks != null) {
                    locks.clear();
                }
            }
        }
        if (!batched) {
            readOneByOne(c, all, groups, errors, waits, workers, locks);
        }
        double costMs = (System.nanoTime() - started) / 1e6;
        boolean workersRead = catalog.autovacuumWorkersSql() != null && !errors.containsKey(QueryCatalog.AUTOVACUUM_WORKERS);
        boolean locksRead = locks != null && !errors.containsKey(QueryCatalog.SIREAD_LOCKS);
        return new Snapshot(timestamp, started, groups, errors, waits, xactsBefore, costMs, workersRead ? workers : null,
                locksRead ? locks : null);
    }

    /** All queries in one round trip: the round's cost is dominated by round trips, not by the views. */
    private void readBatched(Statement s, List<StatQuery> all, Map<String, List<StatRow>> groups,
            Map<String, Long> waits, List<AutovacuumWorker> workers, List<SireadCount> locks) throws SQLException {
        List<String> sql = new ArrayList<>();
        if (catalog.canForceFlush()) {
            sql.add(FORCE_FLUSH);
        }
        all.forEach(q -> sql.add(q.sql()));
        sql.add(QueryCatalog.WAIT_SAMPLE_SQL);
        if (catalog.autovacuumWorkersSql() != null) {
            sql.add(catalog.autovacuumWorkersSql());
        }
        int workersAt = catalog.autovacuumWorkersSql() != null ? all.size() + 1 : -2;
        int locksAt = locks == null ? -2 : all.size() + (catalog.autovacuumWorkersSql() != null ? 2 : 1);
        if (locks != null) {
            sql.add(QueryCatalog.SIREAD_SAMPLE_SQL);
        }
        boolean hasResult = s.execute(String.join(";\n", sql));
        int index = catalog.canForceFlush() ? -1 : 0;
        while (true) {
            if (hasResult) {
                try (ResultSet rs = s.getResultSet()) {
                    if (index >= 0 && index < all.size()) {
                        groups.put(all.get(index).group(), rows(rs, all.get(index)));
                    } else if (index == all.size()) {
                        readWaits(rs, waits);
                    } else if (index == workersAt) {
                        readWorkers(rs, workers);
                    } else if (index == locksAt) {
                        readLocks(rs, locks);
                    }
                }
            } else if (s.getUpdateCount() == -1) {
                break;
            }
            index++;
            hasResult = s.getMoreResults();
        }
    }

    private void readOneByOne(Connection c, List<StatQuery> all, Map<String, List<StatRow>> groups,
            Map<String, String> errors, Map<String, Long> waits, List<AutovacuumWorker> workers, List<SireadCount> locks)
            throws SQLException {
        try (Statement s = c.createStatement()) {
            if (catalog.canForceFlush()) {
                // Our own transaction count must be visible to the next round: flush at this commit.
                run(c, s, FORCE_FLUSH, errors, "pg_stat_force_next_flush", rs -> { });
            }
            for (StatQuery q : all) {
                List<StatRow> rows = new ArrayList<>();
                if (run(c, s, q.sql(), errors, q.group(), rs -> rows.addAll(rows(rs, q)))) {
                    groups.put(q.group(), rows);
                }
            }
            run(c, s, QueryCatalog.WAIT_SAMPLE_SQL, errors, "pg_stat_activity", rs -> readWaits(rs, waits));
            if (catalog.autovacuumWorkersSql() != null) {
                run(c, s, catalog.autovacuumWorkersSql(), errors, QueryCatalog.AUTOVACUUM_WORKERS,
                        rs -> readWorkers(rs, workers));
            }
            if (locks != null) {
                run(c, s, QueryCatalog.SIREAD_SAMPLE_SQL, errors, QueryCatalog.SIREAD_LOCKS, rs -> readLocks(rs, locks));
            }
            c.commit();
            ownXacts++;
        }
    }

    private static void readWaits(ResultSet rs, Map<String, Long> waits) throws SQLException {
        while (rs.next()) {
            waits.merge(rs.getString(1) + ":" + rs.getString(2), rs.getLong(3), Long::sum);
        }
    }

    private static void readWorkers(ResultSet rs, List<AutovacuumWorker> workers) throws SQLException {
        while (rs.next()) {
            workers.add(new AutovacuumWorker(rs.getInt(1), rs.getLong(2), rs.getString(3), rs.getString(4),
                    rs.getString(5), nullableLong(rs, 6), nullableLong(rs, 7), nullableLong(rs, 8), nullableLong(rs, 9),
                    rs.getObject(10) == null ? null : rs.getDouble(10)));
        }
    }

    private static void readLocks(ResultSet rs, List<SireadCount> locks) throws SQLException {
        while (rs.next()) {
            locks.add(new SireadCount(rs.getString(1), rs.getString(2), rs.getLong(3)));
        }
    }

    private static Long nullableLong(ResultSet rs, int column) throws SQLException {
        long v = rs.getLong(column);
        return rs.wasNull() ? null : v;
    }

    private interface RowsHandler {
        void handle(ResultSet rs) throws SQLException;
    }

    private boolean run(Connection c, Statement s, String sql, Map<String, String> errors, String name,
            RowsHandler handler) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            handler.handle(rs);
            return true;
        } catch (SQLException e) {
            if (c.isClosed() || !c.isValid(2)) {
                throw e;
            }
            errors.put(name, e.getMessage());
            c.rollback();
            ownXacts++;
            return false;
        }
    }

    private static List<StatRow> rows(ResultSet rs, StatQuery q) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        List<StatRow> out = new ArrayList<>();
        while (rs.next()) {
            Map<String, String> labels = new HashMap<>();
            Map<String, Number> values = new HashMap<>();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                String col = md.getColumnLabel(i);
                Object v = rs.getObject(i);
                if (q.labelColumns().contains(col)) {
                    labels.put(col, v == null ? "" : v.toString());
                } else if (v instanceof Number n) {
                    values.put(col, normalize(n));
                }
            }
            out.add(new StatRow(labels, values));
        }
        return out;
    }

    /** numeric columns (wal_bytes) arrive as BigDecimal; whole numbers become exact longs. */
    static Number normalize(Number n) {
        if (n instanceof Integer || n instanceof Long || n instanceof Short) {
            return n.longValue();
        }
        if (n instanceof BigDecimal bd) {
            try {
                return bd.longValueExact();
            } catch (ArithmeticException notWhole) {
                return bd.doubleValue();
            }
        }
        return n.doubleValue();
    }
}
