package org.pgknobs.collector;

import java.util.Map;

/**
 * pg_stat_statements as one read saw it: the benchmark database's entries by key, pg_stat_statements_info's
 * eviction count and last reset (null before PostgreSQL 14), when it was read on the collector's clock, and
 * the error when it could not be read (then {@code entries} is empty).
 */
public record StatementSnapshot(long timestampMs, long nanoTime, Map<Key, Entry> entries, Long dealloc,
                                Long statsResetMs, String error) {

    public StatementSnapshot {
        entries = Map.copyOf(entries);
    }

    static StatementSnapshot failed(long timestampMs, long nanoTime, String error) {
        return new StatementSnapshot(timestampMs, nanoTime, Map.of(), null, null, error);
    }

    /** What tells two entries apart in one database: the role, top level or nested, the normalized statement. */
    public record Key(long userid, boolean toplevel, Long queryid) {
    }

    /**
     * @param query      the normalized text; null when it was not read (the first snapshot of a window) or
     *                   the server withholds it
     * @param sinceMs    when the entry was made (stats_since, PostgreSQL 17+), else null
     */
    public record Entry(String query, StatementCounters counters, Long sinceMs) {
    }
}
