package org.pgknobs.collector;

import java.util.Optional;

/**
 * pg_stat_statements' queries for one server major. Column names follow each major's documentation:
 * {@code total_exec_time} and the WAL columns since 13, {@code toplevel} and pg_stat_statements_info
 * (with {@code dealloc}) since 14, {@code stats_since} (when the entry was created) since 17. Only the
 * benchmark database's entries are read; the query text only when asked (it is read from a file).
 */
public record StatementQueries(int versionNum, boolean hasPlanCalls) {

    public StatementQueries(int versionNum) {
        this(versionNum, false);
    }

    /** The oldest major whose column names these queries use. */
    public static final int OLDEST_MAJOR = 13;

    static final String CREATE = "create extension if not exists pg_stat_statements";
    static final String LOADED = "select exists (select 1 from unnest(string_to_array("
            + "current_setting('shared_preload_libraries'), ',')) l where trim(l) = 'pg_stat_statements')";
    static final String VERSION = "select extversion from pg_extension where extname = 'pg_stat_statements'";
    /** The collector's own rounds are not the workload's statements. Superuser only; else they show. */
    static final String UNTRACKED = "set pg_stat_statements.track = 'none'";

    public int major() {
        return versionNum / 10000;
    }

    /** Why this server cannot give statement statistics, when it cannot. */
    public Optional<String> unsupported() {
        return major() < OLDEST_MAJOR ? Optional.of("statement statistics need PostgreSQL " + OLDEST_MAJOR
                + " or newer (its pg_stat_statements column names); the server is " + versionNum) : Optional.empty();
    }

    /** Whether the installed pg_stat_statements counts calls by generic and by custom plans. */
    static final String PLAN_CALLS_COLUMN = "select exists (select 1 from pg_attribute where attrelid ="
            + " 'pg_stat_statements'::regclass and attname = 'generic_plan_calls' and not attisdropped)";

    StatementQueries withPlanCalls(boolean present) {
        return new StatementQueries(versionNum, present);
    }

    /** userid, toplevel, queryid, query (or null), counters; stats_since from 17 (else null); plan calls where the extension has them. */
    String entries(boolean withText) {
        String toplevel = major() >= 14 ? "s.toplevel" : "true";
        String since = major() >= 17 ? "(extract(epoch from s.stats_since) * 1000)::bigint" : "null::bigint";
        return "select s.userid::bigint, " + toplevel + ", s.queryid, " + (withText ? "s.query" : "null::text")
                + ", s.calls, s.total_exec_time, s.rows, s.shared_blks_hit, s.shared_blks_read, s.shared_blks_dirtied,"
                + " s.shared_blks_written, s.wal_fpi, s.wal_bytes, " + since
                + (hasPlanCalls() ? ", s.generic_plan_calls, s.custom_plan_calls" : ", null::bigint, null::bigint")
                + " from pg_stat_statements(" + withText + ") s"
                + " where s.dbid = (select oid from pg_database where datname = current_database())";
    }

    /** Evictions so far and the last reset, from 14; empty before. */
    Optional<String> info() {
        return major() >= 14
                ? Optional.of("select dealloc, (extract(epoch from stats_reset) * 1000)::bigint from pg_stat_statements_info")
                : Optional.empty();
    }
}
