package org.pgknobs.run.capture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.pgknobs.collector.Deltas;
import org.pgknobs.collector.PgStats;
import org.pgknobs.collector.PgStatsFiles;
import org.pgknobs.collector.QueryCatalog;
import org.pgknobs.collector.StatRow;
import org.pgknobs.collector.WindowStats;
import org.pgknobs.host.FsyncProbe;
import org.pgknobs.host.MemInfo;
import org.pgknobs.results.MachineFacts;
import org.pgknobs.results.WorkloadResult;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.Server;

/**
 * The machine facts of a step that are read once its workload ended: data size against shared_buffers and
 * RAM, read latency from the headline window's pg_stat_io deltas, and the fsync probe (run once per suite
 * and wal_sync_method, then reused). Reads the server's settings as they are; never changes one.
 */
public final class MachineProbe {

    /** pg_test_fsync runs 5 s per method; a shorter probe keeps the suite's overhead small and is enough for a mean. */
    static final Duration FSYNC_BUDGET = Duration.ofSeconds(2);

    private final Map<String, MachineFacts.Fsync> fsyncByMethod = new HashMap<>();

    MachineFacts facts(Server server, String database, Path dir, WorkloadResult result, Map<String, MachineFacts.Cpu> cpu) {
        Map<String, String> absent = new LinkedHashMap<>();
        if (cpu.isEmpty()) {
            absent.put("cpu", "/proc/stat not readable (not Linux) or no measured window");
        } else if (!(server instanceof ManagedServer)) {
            absent.put("cpu.serverPercent", "external server: its processes are not known to pgknobs");
        }
        Settings s = settings(server, database, absent);
        MachineFacts.Data data = new MachineFacts.Data(s == null ? null : s.databaseBytes(),
                s == null ? null : s.sharedBuffersBytes(), ram());
        MachineFacts.Fsync fsync = s == null ? null : fsync(server, s.walSyncMethod(), absent);
        MachineFacts.Reads reads = reads(dir, result.headlinePhase(), s, absent);
        return new MachineFacts(cpu, fsync, reads, data, absent);
    }

    private record Settings(long databaseBytes, long sharedBuffersBytes, String walSyncMethod, boolean trackIoTiming) {
    }

    private static Settings settings(Server server, String database, Map<String, String> absent) {
        ConnectionInfo c = server.connection();
        try (Connection conn = DriverManager.getConnection(c.jdbcUrl(database), c.user(), c.password());
             Statement st = conn.createStatement();
             ResultSet rs = st.executeQuery("select pg_database_size(current_database()),"
                     + " pg_size_bytes(current_setting('shared_buffers')), current_setting('wal_sync_method'),"
                     + " current_setting('track_io_timing')")) {
            rs.next();
            return new Settings(rs.getLong(1), rs.getLong(2), rs.getString(3), "on".equals(rs.getString(4)));
        } catch (SQLException e) {
            absent.put("data", "server not readable after the run: " + e.getMessage());
            return null;
        }
    }

    private static Long ram() {
        OptionalLong bytes = MemInfo.totalBytes(MemInfo.PROC_MEMINFO);
        return bytes.isPresent() ? bytes.getAsLong() : null;
    }

    private MachineFacts.Fsync fsync(Server server, String method, Map<String, String> absent) {
        if (!(server instanceof ManagedServer managed)) {
            absent.put("fsync", "external server: its data directory is not on a path pgknobs knows");
            return null;
        }
        MachineFacts.Fsync known = fsyncByMethod.get(method);
        if (known != null) {
            return known;
        }
        // the instance directory holds the data directory: same filesystem, and writable by this process as root
        try {
            FsyncProbe.Result r = FsyncProbe.run(managed.instanceDir(), method, FSYNC_BUDGET);
            MachineFacts.Fsync f = new MachineFacts.Fsync(r.method(), r.ops(), r.seconds(), r.opsPerSecond(),
                    r.meanMs(), r.maxMs());
            fsyncByMethod.put(method, f);
            return f;
        } catch (IOException | RuntimeException e) {
            absent.put("fsync", "probe failed in " + managed.instanceDir() + ": " + e.getMessage());
            return null;
        }
    }

    /** Only where the step itself had track_io_timing on: pgknobs does not switch on what the experiment did not ask for. */
    static MachineFacts.Reads reads(Path dir, String headline, Settings s, Map<String, String> absent) {
        if (s == null) {
            return null;
        }
        if (!s.trackIoTiming()) {
            absent.put("reads", "track_io_timing is off in this step (pgknobs does not turn it on)");
            return null;
        }
        Optional<WindowStats> window = window(dir, headline);
        if (window.isEmpty() || !window.get().deltas().containsKey(QueryCatalog.IO)) {
            absent.put("reads", "no pg_stat_io window (collector off, or PostgreSQL before 16)");
            return null;
        }
        return reads(window.get().deltas(), absent);
    }

    static MachineFacts.Reads reads(Map<String, List<StatRow>> deltas, Map<String, String> absent) {
        Map<String, String> relations = Map.of("object", "relation");
        long reads = (long) Deltas.sum(deltas, QueryCatalog.IO, "reads", relations);
        double millis = Deltas.sum(deltas, QueryCatalog.IO, "read_time", relations);
        if (reads == 0) {
            absent.put("reads.microsPerRead", "no relation reads in the headline window");
        }
        return new MachineFacts.Reads(reads, millis, reads > 0 ? millis * 1000 / reads : null);
    }

    private static Optional<WindowStats> window(Path dir, String headline) {
        try (var files = Files.list(dir)) {
            Optional<Path> json = files.filter(p -> p.getFileName().toString().endsWith("pgstats.json")).findFirst();
            if (json.isEmpty()) {
                return Optional.empty();
            }
            PgStats stats = PgStatsFiles.read(json.get());
            return stats.windows().stream().filter(w -> w.phase().equals(headline)).findFirst();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
