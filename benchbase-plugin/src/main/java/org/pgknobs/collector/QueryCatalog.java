package org.pgknobs.collector;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The statistics queries for one server version, chosen from {@code server_version_num}. Column lists
 * follow the PostgreSQL documentation of each major version: pg_stat_io appeared in 16 and gained
 * byte columns and WAL rows in 18 (op_bytes went away); pg_stat_wal lost its write/sync columns in 18
 * (they moved to pg_stat_io); checkpoint counters moved from pg_stat_bgwriter to pg_stat_checkpointer
 * in 17, and 18 added num_done. Groups keep one name across versions so reports can compare them.
 */
public final class QueryCatalog {

    public static final String IO = "pg_stat_io";
    public static final String WAL = "pg_stat_wal";
    public static final String CHECKPOINTS = "checkpoints";
    public static final String BGWRITER = "bgwriter";
    public static final String DATABASE = "pg_stat_database";
    public static final String TABLES = "tables";
    /** Per user table: its autovacuum and autoanalyze counts, for the runs that finished on each. */
    public static final String AUTOVACUUM_TABLES = "autovacuum_tables";
    /** Per user table: sequential and index scans started (pg_stat_user_tables), the plans' trace. */
    public static final String TABLE_SCANS = "table_scans";
    /** The name under {@code missing} of the SIREAD lock sample. */
    public static final String SIREAD_LOCKS = "siread_locks";
    /** The name under {@code unavailable} / {@code missing} of the autovacuum workers' sample. */
    public static final String AUTOVACUUM_WORKERS = "autovacuum_workers";

    private final int versionNum;
    private final List<StatQuery> queries;
    private final Map<String, String> unavailable;

    private final String autovacuumWorkersSql;

    private QueryCatalog(int versionNum, List<StatQuery> queries, Map<String, String> unavailable,
            String autovacuumWorkersSql) {
        this.versionNum = versionNum;
        this.queries = List.copyOf(queries);
        this.unavailable = Map.copyOf(unavailable);
        this.autovacuumWorkersSql = autovacuumWorkersSql;
    }

    public static QueryCatalog forVersion(int versionNum) {
        List<StatQuery> q = new ArrayList<>();
        Map<String, String> missing = new LinkedHashMap<>();
        int major = versionNum / 10000;

        if (major >= 16) {
            String bytes = major >= 18 ? ", read_bytes, write_bytes, extend_bytes" : "";
            q.add(new StatQuery(IO, "pg_stat_io",
                    "select backend_type, object, context, reads, read_time, writes, write_time, writebacks,"
                            + " writeback_time, extends, extend_time, hits, evictions, reuses, fsyncs, fsync_time"
                            + bytes + " from pg_stat_io",
                    List.of("backend_type", "object", "context")));
        } else {
            missing.put(IO, "pg_stat_io is not available before PG 16 (server is " + versionNum + ")");
        }

        if (major >= 18) {
            q.add(new StatQuery(WAL, "pg_stat_wal",
                    "select wal_records, wal_fpi, wal_bytes, wal_buffers_full from pg_stat_wal", List.of()));
        } else if (major >= 14) {
            q.add(new StatQuery(WAL, "pg_stat_wal",
                    "select wal_records, wal_fpi, wal_bytes, wal_buffers_full, wal_write, wal_sync,"
                            + " wal_write_time, wal_sync_time from pg_stat_wal", List.of()));
        } else {
            missing.put(WAL, "pg_stat_wal is not available before PG 14 (server is " + versionNum + ")");
        }

        if (major >= 18) {
            q.add(new StatQuery(CHECKPOINTS, "pg_stat_checkpointer",
                    "select num_timed, num_requested, num_done, restartpoints_timed, restartpoints_req,"
                            + " restartpoints_done, write_time, sync_time, buffers_written, slru_written"
                            + " from pg_stat_checkpointer", List.of()));
        } else if (major == 17) {
            q.add(new StatQuery(CHECKPOINTS, "pg_stat_checkpointer",
                    "select num_timed, num_requested, restartpoints_timed, restartpoints_req, restartpoints_done,"
                            + " write_time, sync_time, buffers_written from pg_stat_checkpointer", List.of()));
        } else {
            // Same names as pg_stat_checkpointer, so deltas and reports need not care about the version.
            q.add(new StatQuery(CHECKPOINTS, "pg_stat_bgwriter",
                    "select checkpoints_timed as num_timed, checkpoints_req as num_requested,"
                            + " checkpoint_write_time as write_time, checkpoint_sync_time as sync_time,"
                            + " buffers_checkpoint as buffers_written from pg_stat_bgwriter", List.of()));
        }

        if (major >= 17) {
            q.add(new StatQuery(BGWRITER, "pg_stat_bgwriter",
                    "select buffers_clean, maxwritten_clean, buffers_alloc from pg_stat_bgwriter", List.of()));
        } else {
            q.add(new StatQuery(BGWRITER, "pg_stat_bgwriter",
                    "select buffers_clean, maxwritten_clean, buffers_alloc, buffers_backend, buffers_backend_fsync"
                            + " from pg_stat_bgwriter", List.of()));
        }

        q.add(new StatQuery(DATABASE, "pg_stat_database",
                "select xact_commit, xact_rollback, blks_read, blks_hit, tup_returned, tup_fetched, tup_inserted,"
                        + " tup_updated, tup_deleted, conflicts, temp_files, temp_bytes, deadlocks, blk_read_time,"
                        + " blk_write_time from pg_stat_database where datname = current_database()", List.of()));

        q.add(new StatQuery(TABLES, "pg_stat_all_tables",
                "select coalesce(sum(autovacuum_count), 0)::bigint as autovacuum_count,"
                        + " coalesce(sum(autoanalyze_count), 0)::bigint as autoanalyze_count,"
                        + " coalesce(sum(vacuum_count), 0)::bigint as vacuum_count,"
                        + " coalesce(sum(analyze_count), 0)::bigint as analyze_count from pg_stat_all_tables",
                List.of()));
        q.add(new StatQuery(AUTOVACUUM_TABLES, "pg_stat_user_tables",
                "select " + TABLE_NAME.formatted("schemaname", "relname") + " as \"table\", autovacuum_count,"
                        + " autoanalyze_count from pg_stat_user_tables", List.of("table")));
        q.add(new StatQuery(TABLE_SCANS, "pg_stat_user_tables",
                "select " + TABLE_NAME.formatted("schemaname", "relname") + " as \"table\", seq_scan,"
                        + " coalesce(idx_scan, 0) as idx_scan from pg_stat_user_tables", List.of("table")));
        String workers = null;
        if (major >= 13) {
            workers = autovacuumWorkers(major);
        } else {
            missing.put(AUTOVACUUM_WORKERS, "pg_stat_progress_analyze is not available before PG 13 (server is "
                    + versionNum + ")");
        }
        return new QueryCatalog(versionNum, q, missing, workers);
    }

    /** A table's name as reports print it: schema-qualified unless it is in public. */
    private static final String TABLE_NAME = "case when %1$s = 'public' then %2$s else %1$s || '.' || %2$s end";

    /**
     * The benchmark database's autovacuum workers and the table each is on: pg_stat_progress_vacuum while
     * vacuuming, pg_stat_progress_analyze while analyzing. The dead-item count was num_dead_tuples up to
     * PG 16 and is num_dead_item_ids from 17; PG 18 added delay_time (cost-based delay slept, ms).
     */
    private static String autovacuumWorkers(int major) {
        String deadItems = major >= 17 ? "v.num_dead_item_ids" : "v.num_dead_tuples";
        String delay = major >= 18 ? "v.delay_time" : "null::float8";
        return "select a.pid, coalesce(v.relid, z.relid)::bigint as relid,"
                + " coalesce(" + TABLE_NAME.formatted("n.nspname", "c.relname") + ", coalesce(v.relid, z.relid)::text),"
                + " case when v.pid is not null then 'vacuum' else 'analyze' end, coalesce(v.phase, z.phase),"
                + " v.heap_blks_total, v.heap_blks_scanned, v.heap_blks_vacuumed, " + deadItems + ", " + delay
                + " from pg_stat_activity a"
                + " left join pg_stat_progress_vacuum v on v.pid = a.pid"
                + " left join pg_stat_progress_analyze z on z.pid = a.pid"
                + " left join pg_class c on c.oid = coalesce(v.relid, z.relid)"
                + " left join pg_namespace n on n.oid = c.relnamespace"
                + " where a.backend_type = 'autovacuum worker' and a.datname = current_database()"
                + " and coalesce(v.relid, z.relid) is not null order by a.pid";
    }

    /**
     * Wait events of the benchmark database's active client backends (not the collector's own).
     * An active backend without a wait event is on CPU (or in a wait the server does not instrument).
     */
    public static final String WAIT_SAMPLE_SQL =
            "select coalesce(wait_event_type, 'CPU'), coalesce(wait_event, 'CPU'), count(*) from pg_stat_activity"
                    + " where backend_type = 'client backend' and state = 'active' and pid <> pg_backend_pid()"
                    + " and datname = current_database() group by 1, 2";

    /**
     * The benchmark database's SIREAD (predicate) locks by relation and granularity: pg_locks shows one row per
     * lock, its locktype relation, page or tuple (docs/tpcc.md, "Two regimes").
     */
    public static final String SIREAD_SAMPLE_SQL =
            "select " + TABLE_NAME.formatted("n.nspname", "c.relname") + ", l.locktype, count(*) from pg_locks l"
                    + " join pg_class c on c.oid = l.relation join pg_namespace n on n.oid = c.relnamespace"
                    + " where l.mode = 'SIReadLock'"
                    + " and l.database = (select oid from pg_database where datname = current_database())"
                    + " group by 1, 2";

    /** The autovacuum workers' sample of every round, or null when this server version cannot give it. */
    public String autovacuumWorkersSql() {
        return autovacuumWorkersSql;
    }

    public int versionNum() {
        return versionNum;
    }

    public List<StatQuery> queries() {
        return queries;
    }

    /** Groups this server version cannot provide, with the reason. */
    public Map<String, String> unavailable() {
        return unavailable;
    }

    /** pg_stat_force_next_flush() exists from PG 15. */
    public boolean canForceFlush() {
        return versionNum >= 150000;
    }
}
