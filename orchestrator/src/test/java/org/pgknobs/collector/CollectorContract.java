package org.pgknobs.collector;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.testing.TestServers;

/**
 * What the collector must show on every supported server version: the checkpoints and WAL a test
 * forces inside a window, a broken query recorded as missing, and both files on disk. One server per class:
 * each test starts from its defaults (ALTER SYSTEM RESET ALL), without the tables of the tests before it and
 * with no autovacuum worker running.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class CollectorContract {

    /** 2000 rows of 1000 random-ish characters: about 2 MB that WAL must carry at least once. */
    static final int ROWS = 2000;
    static final int ROW_BYTES = 1000;

    protected ManagedServer server;

    @TempDir
    Path out;

    abstract ManagedServer startServer();

    abstract int expectedMajor();

    @BeforeAll
    void startOnce() {
        server = startServer();
    }

    @AfterAll
    void disposeServer() {
        TestServers.dispose(server);
    }

    @BeforeEach
    void defaultsAndNoTablesOfEarlierTests() throws Exception {
        ConnectionInfo ci = server.connection();
        try (Connection c = ci.connect(); Statement s = c.createStatement()) {
            s.execute("alter system reset all");
            s.execute("select pg_reload_conf()");
            // a worker still vacuuming one of them is cancelled by the lock DROP waits for
            s.execute("drop table if exists payload, t, av_probe");
        }
        waitFor(() -> {
            try (Connection c = ci.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                    "select count(*) from pg_stat_activity where backend_type = 'autovacuum worker'")) {
                rs.next();
                return rs.getInt(1) == 0;
            }
        });
    }

    static ConnectionSource source(ConnectionInfo ci) {
        return ConnectionSource.of(ci.jdbcUrl(), ci.user(), ci.password());
    }

    @Test
    void windowShowsExactlyTheTwoRequestedCheckpointsAndAtLeastTheWalOfTheWrittenData() throws Exception {
        ConnectionInfo ci = server.connection();
        try (Connection c = ci.connect(); Statement s = c.createStatement()) {
            s.execute("create table payload (id int, body text)");
        }
        StatQuery broken = new StatQuery("broken", "no_such_view", "select x from no_such_view", List.of());
        CollectorSettings settings = CollectorSettings.defaults().withInterval(Duration.ofMillis(200))
                .withOutput(out, "run1").withExtraQueries(List.of(broken));
        long bytes;
        PgStats doc;
        try (StatsCollector collector = StatsCollector.start(source(ci), settings)) {
            assertThat(collector.environment().serverVersionNum() / 10000).isEqualTo(expectedMajor());
            long before = requestedCheckpoints(ci);
            collector.beginWindow("measure");
            try (Connection c = ci.connect(); Statement s = c.createStatement()) {
                s.execute("insert into payload select g, (select string_agg(md5(random()::text || g || h), '')"
                        + " from generate_series(1, " + (ROW_BYTES / 32) + ") h) from generate_series(1, " + ROWS + ") g");
                try (ResultSet rs = s.executeQuery("select sum(octet_length(body)) from payload")) {
                    rs.next();
                    bytes = rs.getLong(1);
                }
                s.execute("checkpoint");
                s.execute("checkpoint");
                // The writing backend reports its WAL statistics when idle, at most once a second: force it.
                s.execute("select pg_stat_force_next_flush()");
                s.execute("select 1");
            }
            // The checkpointer reports its counters just after waking the CHECKPOINT caller.
            waitFor(() -> requestedCheckpoints(ci) >= before + 2);
            WindowStats w = collector.endWindow("measure");

            assertThat(w.derived().checkpoints().requested()).isEqualTo(2);
            assertThat(w.derived().wal().bytes().total()).isGreaterThanOrEqualTo(bytes);
            assertThat(w.missing()).containsKey("broken");
            assertThat(w.missing().get("broken")).contains("no_such_view");
            assertThat(w.deltas()).containsKeys(QueryCatalog.WAL, QueryCatalog.CHECKPOINTS, QueryCatalog.DATABASE,
                    QueryCatalog.TABLES, QueryCatalog.BGWRITER, QueryCatalog.AUTOVACUUM_TABLES);
            // this major's autovacuum worker query runs (its dead-item and delay columns differ by version)
            assertThat(w.missing()).doesNotContainKey(QueryCatalog.AUTOVACUUM_WORKERS);
            assertThat(w.derived().autovacuum()).isNotNull();
            assertVersionSpecifics(w, collector.current());
            doc = collector.finish();
        }
        assertThat(bytes).isGreaterThanOrEqualTo((long) ROWS * (ROW_BYTES - 32));
        Path json = out.resolve("run1.pgstats.json");
        Path csv = out.resolve("run1.pgstats.csv");
        assertThat(json).exists();
        assertThat(csv).exists();
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines.get(0)).isEqualTo("timestamp_ms,phase,metric,labels,value");
        assertThat(lines).anyMatch(l -> l.contains(",measure,checkpoints.num_requested,"));
        PgStats back = PgStatsFiles.read(json);
        assertThat(back.window("measure").derived().checkpoints().requested()).isEqualTo(2);
        assertThat(back.window("measure").derived().wal().bytes().total()).isEqualTo(doc.window("measure").derived().wal().bytes().total());
        // the whole run, from the collector's start to its finish, holds the window's checkpoints and WAL, and the
        // checkpoint record moved (issue 45: what the rule "nothing to act on" reads besides the windows)
        WholeRun whole = back.wholeRun();
        assertThat(whole).isNotNull();
        assertThat(whole.window().phase()).isEqualTo(WholeRun.PHASE);
        assertThat(whole.window().derived().checkpoints().requested()).isGreaterThanOrEqualTo(2);
        assertThat(whole.window().derived().wal().bytes().total()).isGreaterThanOrEqualTo(bytes);
        assertThat(whole.start()).isNotNull();
        assertThat(whole.end()).isNotNull();
        assertThat(whole.checkpointCompleted()).isTrue();
        assertThat(whole.end().walSinceRedo()).isNotNegative();
        assertThat(back.collector().rounds()).isGreaterThanOrEqualTo(3);
        assertThat(back.collector().maxMs()).isPositive();
    }

    void assertVersionSpecifics(WindowStats w, PgStats doc) {
        assertThat(w.deltas()).containsKey(QueryCatalog.IO);
        assertThat(w.derived().ioByBackendType()).containsKey("checkpointer");
        assertThat(w.derived().ioByBackendType().get("checkpointer").writes().total()).isPositive();
        assertThat(doc.unavailable()).isEmpty();
    }

    static long requestedCheckpoints(ConnectionInfo ci) throws Exception {
        try (Connection c = ci.connect(); Statement s = c.createStatement()) {
            String sql = c.getMetaData().getDatabaseMajorVersion() >= 17
                    ? "select num_requested from pg_stat_checkpointer" : "select checkpoints_req from pg_stat_bgwriter";
            try (ResultSet rs = s.executeQuery(sql)) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    interface Check {
        boolean ok() throws Exception;
    }

    static void waitFor(Check check) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!check.ok()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within 60 s");
            }
            Thread.sleep(50);
        }
    }
}
