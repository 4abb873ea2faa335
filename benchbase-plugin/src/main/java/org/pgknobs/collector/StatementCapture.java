package org.pgknobs.collector;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * pg_stat_statements on the collector's connection and clock: a snapshot where each window opens and one
 * where it closes (never between: the view can be long), their differences as the window's statements.
 * Captured when the server has the library in shared_preload_libraries, whoever put it there; the
 * extension is created in the benchmark database when missing. Called under the collector's lock.
 */
final class StatementCapture {

    private final StatementQueries queries;
    private final boolean forceFlush;
    private final LongSupplier clock;
    private final String extensionVersion;
    private final String unavailable;
    private final boolean ownExcluded;
    private final Map<String, StatementSnapshot> open = new LinkedHashMap<>();
    private final List<StatementWindow> closed = new ArrayList<>();

    private StatementCapture(StatementQueries queries, boolean forceFlush, LongSupplier clock, String extensionVersion,
                             String unavailable, boolean ownExcluded) {
        this.queries = queries;
        this.forceFlush = forceFlush;
        this.clock = clock;
        this.extensionVersion = extensionVersion;
        this.unavailable = unavailable;
        this.ownExcluded = ownExcluded;
    }

    /** Whether this server can give statements, and the extension in place when it can. Autocommit connection. */
    static StatementCapture open(Connection c, QueryCatalog catalog, LongSupplier clock) {
        StatementQueries queries = new StatementQueries(catalog.versionNum());
        Optional<String> unsupported = queries.unsupported();
        if (unsupported.isPresent()) {
            return new StatementCapture(queries, false, clock, null, unsupported.get(), false);
        }
        try (Statement s = c.createStatement()) {
            if (!Boolean.TRUE.equals(single(s, StatementQueries.LOADED, Boolean.class))) {
                return new StatementCapture(queries, false, clock, null, "pg_stat_statements is not in "
                        + "shared_preload_libraries (observe: [statements] adds it)", false);
            }
            s.execute(StatementQueries.CREATE);
            String version = single(s, StatementQueries.VERSION, String.class);
            queries = queries.withPlanCalls(Boolean.TRUE.equals(single(s, StatementQueries.PLAN_CALLS_COLUMN,
                    Boolean.class)));
            return new StatementCapture(queries, catalog.canForceFlush(), clock, version, null, untrack(c));
        } catch (SQLException e) {
            return new StatementCapture(queries, false, clock, null, "pg_stat_statements could not be set up: "
                    + e.getMessage(), false);
        }
    }

    /** Keeps the collector's rounds out of the figures; a non-superuser cannot, and the document says so. */
    static boolean untrack(Connection c) {
        try (Statement s = c.createStatement()) {
            s.execute(StatementQueries.UNTRACKED);
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    boolean available() {
        return unavailable == null;
    }

    /** @return the transactions this read ran on the connection (the collector subtracts its own) */
    int begin(String phase, Connection c) {
        open.put(phase, read(c, false));
        return 1;
    }

    int end(String phase, Connection c) {
        StatementSnapshot start = open.remove(phase);
        if (start != null) {
            closed.add(StatementDeltas.between(phase, start, read(c, true)));
        }
        return 1;
    }

    StatementsDocument document() {
        return new StatementsDocument(StatementsDocument.SCHEMA_VERSION, queries.versionNum(), extensionVersion,
                unavailable, ownExcluded, closed);
    }

    /** One transaction: the entries and the eviction counter; a failure is kept as the snapshot's error. */
    private StatementSnapshot read(Connection c, boolean withText) {
        long timestamp = clock.getAsLong();
        long nanos = System.nanoTime();
        if (c == null) {
            return StatementSnapshot.failed(timestamp, nanos, "the collector's connection is lost");
        }
        try {
            boolean auto = c.getAutoCommit();
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                if (forceFlush) {
                    // this transaction's commit must reach pg_stat_database before the next round reads it
                    s.execute("select pg_stat_force_next_flush()");
                }
                Map<StatementSnapshot.Key, StatementSnapshot.Entry> entries = new HashMap<>();
                try (ResultSet rs = s.executeQuery(queries.entries(withText))) {
                    while (rs.next()) {
                        entries.put(new StatementSnapshot.Key(rs.getLong(1), rs.getBoolean(2), (Long) rs.getObject(3)),
                                new StatementSnapshot.Entry(rs.getString(4), counters(rs), (Long) rs.getObject(14)));
                    }
                }
                Long dealloc = null;
                Long reset = null;
                if (queries.info().isPresent()) {
                    try (ResultSet rs = s.executeQuery(queries.info().get())) {
                        if (rs.next()) {
                            dealloc = (Long) rs.getObject(1);
                            reset = (Long) rs.getObject(2);
                        }
                    }
                }
                c.commit();
                return new StatementSnapshot(timestamp, nanos, entries, dealloc, reset, null);
            } catch (SQLException e) {
                c.rollback();
                return StatementSnapshot.failed(timestamp, nanos, e.getMessage());
            } finally {
                c.setAutoCommit(auto);
            }
        } catch (SQLException e) {
            return StatementSnapshot.failed(timestamp, nanos, e.getMessage());
        }
    }

    private static StatementCounters counters(ResultSet rs) throws SQLException {
        return new StatementCounters(asLong(rs.getObject(5)), rs.getObject(6) == null ? null : rs.getDouble(6),
                asLong(rs.getObject(7)), asLong(rs.getObject(8)), asLong(rs.getObject(9)), asLong(rs.getObject(10)),
                asLong(rs.getObject(11)), asLong(rs.getObject(12)), asLong(rs.getObject(13)), plans(rs));
    }

    /** Columns 15 and 16: null before PostgreSQL 18. */
    private static PlanCalls plans(ResultSet rs) throws SQLException {
        Long generic = asLong(rs.getObject(15));
        Long custom = asLong(rs.getObject(16));
        return generic == null || custom == null ? null : new PlanCalls(generic, custom);
    }

    private static Long asLong(Object v) {
        return v == null ? null : ((Number) SnapshotReader.normalize((Number) v)).longValue();
    }

    private static <T> T single(Statement s, String sql, Class<T> type) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getObject(1, type) : null;
        }
    }
}
