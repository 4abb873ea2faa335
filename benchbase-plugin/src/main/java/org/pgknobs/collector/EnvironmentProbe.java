package org.pgknobs.collector;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.pgknobs.host.Kernel;
import org.pgknobs.host.MemInfo;
import org.pgknobs.host.OnlineCpus;

/** Reads the server version, the settings that shape the statistics, and host facts. */
final class EnvironmentProbe {

    /** Settings that explain I/O, WAL and checkpoint figures; unknown names are simply absent. */
    static final List<String> SETTINGS = List.of("shared_buffers", "effective_cache_size", "work_mem",
            "maintenance_work_mem", "max_connections", "max_wal_size", "min_wal_size", "checkpoint_timeout",
            "checkpoint_completion_target", "wal_buffers", "wal_level", "wal_compression", "wal_segment_size",
            "full_page_writes", "fsync", "synchronous_commit", "wal_sync_method", "commit_delay", "block_size",
            "data_checksums", "huge_pages", "io_method", "io_workers", "effective_io_concurrency",
            "maintenance_io_concurrency", "bgwriter_delay", "bgwriter_lru_maxpages", "bgwriter_lru_multiplier",
            "autovacuum", "autovacuum_naptime", "autovacuum_max_workers", "autovacuum_vacuum_scale_factor",
            "autovacuum_vacuum_cost_limit", "track_io_timing", "track_wal_io_timing", "default_transaction_isolation",
            "max_worker_processes", "max_parallel_workers_per_gather", "random_page_cost", "jit");

    private EnvironmentProbe() {
    }

    static int versionNum(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select current_setting('server_version_num')::int")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    static Environment probe(Connection c, QueryCatalog catalog) throws SQLException {
        String version;
        String db;
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select version(), current_database()")) {
            rs.next();
            version = rs.getString(1);
            db = rs.getString(2);
        }
        Map<String, String> settings = new TreeMap<>();
        try (PreparedStatement ps = c.prepareStatement(
                "select name, setting, unit from pg_settings where name = any(?)")) {
            ps.setArray(1, c.createArrayOf("text", SETTINGS.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String unit = rs.getString(3);
                    settings.put(rs.getString(1), rs.getString(2) + (unit == null ? "" : " " + unit));
                }
            }
        }
        if (!c.getAutoCommit()) {
            c.commit();
        }
        Map<String, String> sources = new LinkedHashMap<>();
        catalog.queries().forEach(q -> sources.put(q.group(), q.source()));
        sources.put("waits", "pg_stat_activity");
        return new Environment(version, catalog.versionNum(), db, sources, settings,
                OnlineCpus.count(), memTotal(), kernel());
    }

    private static Long memTotal() {
        OptionalLong bytes = MemInfo.totalBytes(MemInfo.PROC_MEMINFO);
        return bytes.isPresent() ? bytes.getAsLong() : null; // not Linux, or unreadable: left out rather than guessed
    }

    private static String kernel() {
        return System.getProperty("os.name") + " " + Kernel.release();
    }
}
