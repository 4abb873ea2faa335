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

    private final int versionNum;
    private final List<StatQuery> queries;
    private final Map<String, String> unavailable;

    private QueryCatalog(int versionNum, List<StatQuery> queries, Map<String, String> unavailable) {
        this.versionNum = versionNum;
        this.queries = List.copyOf(queries);
        this.unavailable = Map.copyOf(unavailable);
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
        return new QueryCatalog(versionNum, q, missing);
    }

    /**
     * Wait events of the benchmark database's active client backends (not the collector's own).
     * An active backend without a wait event is on CPU (or in a wait the server does not instrument).
     */
    public static final String WAIT_SAMPLE_SQL =
            "select coalesce(wait_event_type, 'CPU'), coalesce(wait_event, 'CPU'), count(*) from pg_stat_activity"
                    + " where backend_type = 'client backend' and state = 'active' and pid <> pg_backend_pid()"
                    + " and datname = current_database() group by 1, 2";

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
