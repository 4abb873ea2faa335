package org.pgknobs.workload.insertbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.results.WorkloadResult;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.testing.TestServers;
import org.pgknobs.workload.MeasurementListener;
import org.pgknobs.workload.ProgressListener;

/**
 * Pins iibench.py's semantics on what the server executed, counted by pg_stat_statements (snapshots at every
 * phase boundary; a phase's statements are the difference): the delete statement and how often min() is
 * read, the query steps' write batches and fixed work, PREPARE/EXECUTE queries, the clean-up, and the
 * May 2023 variant's schema, delete and phases. One client, a few thousand rows per run.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InsertBenchFidelityTest {

    /** 1020 batches of 5 rows: his maker reads min() at batch 0 and again after 1000 more (batch 1001). */
    private static final long I2 = 5_100;
    private static final InsertBenchConfig CURRENT = new InsertBenchConfig(1, 6_000, 600, I2, 2, List.of(100),
            InsertBenchVariant.CURRENT, 1, 7L);
    private static final InsertBenchConfig MAY2023 = new InsertBenchConfig(1, 3_000, 600, 100, 1, List.of(100, 50),
            InsertBenchVariant.MAY2023, 1, 7L);

    @TempDir
    static Path outDir;

    private ManagedServer server;
    private final Run current = new Run();
    private final Run may2023 = new Run();

    /** One workload run: statement counts and wall-clock instants at each phase boundary. */
    private final class Run {
        final Map<String, Map<String, long[]>> stats = new LinkedHashMap<>();
        final Map<String, Long> nanos = new LinkedHashMap<>();
        WorkloadResult result;

        void execute(InsertBenchConfig config, Path out) throws Exception {
            InsertBenchWorkload w = new InsertBenchWorkload(config);
            w.load(server.connection(), ProgressListener.NONE);
            result = w.run(server.connection(), out, new MeasurementListener() {
                @Override
                public void phaseStarted(String phase) {
                    mark("start " + phase);
                }

                @Override
                public void phaseEnded(String phase) {
                    mark("end " + phase);
                }
            });
            mark("done");
        }

        void mark(String event) {
            nanos.put(event, System.nanoTime());
            stats.put(event, statements());
        }

        /** calls and rows of statements whose text matches {@code like}, between two events. */
        long[] between(String from, String to, String like) {
            long[] a = sum(stats.get(from), like);
            long[] b = sum(stats.get(to), like);
            return new long[] {b[0] - a[0], b[1] - a[1]};
        }

        long[] in(String phase, String like) {
            return between("start " + phase, "end " + phase, like);
        }

        PhaseResult phase(String name) {
            return result.phases().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
        }
    }

    @BeforeAll
    void runBothVariants() throws Exception {
        server = TestServers.started("ib-fidelity");
        try (Connection c = server.connection().connect(); Statement s = c.createStatement()) {
            s.execute("alter system set shared_preload_libraries = 'pg_stat_statements'");
        }
        server.restart();
        try (Connection c = server.connection().connect(); Statement s = c.createStatement()) {
            s.execute("create extension pg_stat_statements");
        }
        current.execute(CURRENT, outDir.resolve("current"));
        may2023.execute(MAY2023, outDir.resolve("may2023"));
    }

    @AfterAll
    void stopServer() {
        TestServers.dispose(server);
    }

    @Test
    void currentDeletesTheOldestRowsByLimitAndReadsMinOnceEvery1001Batches() {
        String delete = "delete from pi1 where transactionid in (select transactionid from pi1 where transactionid >= $1 "
                + "order by transactionid asc limit $2)";
        assertThat(current.in("l.i1", delete)).containsExactly(600 / 50, 600);
        assertThat(current.in("l.i1", "select min(transactionid) from pi1")[0]).isEqualTo(1);
        assertThat(current.in("l.i2", delete)).containsExactly(I2 / 5, I2);
        assertThat(current.in("l.i2", "select min(transactionid) from pi1")[0]).as("batches 0 and 1001").isEqualTo(2);
        assertThat(current.in("l.i2", "insert into pi1 %")).containsExactly(I2 / 5, I2);
        assertThat(current.in("l.i0", "select min(transactionid) from pi1")[0]).isZero();
    }

    @Test
    void queryStepsWrite50RowStatementsForQuerySecondsTimesRateRowsPacedToTheRate() {
        for (String step : List.of("qr100", "qp100")) {
            long rows = CURRENT.querySeconds() * 100L;
            assertThat(current.in(step, "insert into pi1 %")).as(step).containsExactly(rows / 50, rows);
            assertThat(current.in(step, "delete from pi1 %")).as(step).containsExactly(rows / 50, rows);
            // His pacing sleeps to the next 1-second mark after statements 0, 2, 4 ... (100/50 per second):
            // the 4 statements cannot be done before query_seconds - 1 s of sleeps have passed, nor can the step.
            assertThat(current.phase(step).seconds()).as(step).isGreaterThanOrEqualTo(CURRENT.querySeconds() - 0.05);
            assertThat(current.in(step, "select min(transactionid) from pi1")[0]).as("only the maker's first read").isEqualTo(1);
        }
    }

    @Test
    void queriesArePreparedOnceAndExecutedWithoutExtraMinQueries() {
        long ranges = current.in("qr100", "PREPARE market_query_ps (int) as SELECT productid, customerid, price FROM pi1%")[0]
                + current.in("qr100", "PREPARE register_query_ps (int) as SELECT cashregisterid, customerid, price FROM pi1%")[0]
                + current.in("qr100", "PREPARE pdc_query_ps (int) as SELECT price, dateandtime, customerid FROM pi1%")[0];
        assertThat(ranges).isEqualTo(current.phase("qr100").completed()).isPositive();
        long points = current.in("qp100", "PREPARE pk_query_ps (int,int,int,int,int,int,int,int,int,int) as %")[0];
        long queries = current.phase("qp100").completed();
        assertThat(points).isEqualTo(queries).isPositive();
        // max(transactionid) once at start and every 100 queries; min comes from the maker's counter
        assertThat(current.in("qp100", "select max(transactionid) from pi1")[0])
                .isBetween(1 + (queries - 1) / 100, 1 + queries / 100);
        assertThat(current.in("qr100", "select max(transactionid) from pi1")[0]).isZero();
    }

    @Test
    void currentCleanUpVacuumsWithIndexCleanupCheckpointsAndWaits() {
        assertThat(current.between("end l.i2", "start qr100", "vacuum (verbose, analyze, index_cleanup ON) pi1")[0]).isEqualTo(1);
        assertThat(current.between("end l.i2", "start qr100", "checkpoint")[0]).isEqualTo(1);
        assertThat(current.nanos.get("start qr100") - current.nanos.get("end l.i2"))
                .isGreaterThanOrEqualTo(CURRENT.cleanupWait() * 1_000_000_000L);
    }

    @Test
    void may2023HasRealPriceTwoColumnMarketIndexAndNoI2OrPointSteps() throws SQLException {
        assertThat(may2023.result.phases()).extracting(PhaseResult::name)
                .containsExactly("l.i0", "l.x", "l.i1", "qr100", "qr50");
        try (Connection c = server.connection().withDatabase("ib").connect(); Statement s = c.createStatement()) {
            assertThat(text(s, "select data_type from information_schema.columns where table_name = 'pi1' "
                    + "and column_name = 'price'")).isEqualTo("real");
            assertThat(text(s, "select indexdef from pg_indexes where indexname = 'pi1_marketsegment'"))
                    .endsWith("(price, customerid)");
            assertThat(text(s, "select indexdef from pg_indexes where indexname = 'pi1_registersegment'"))
                    .endsWith("(cashregisterid, price, customerid)");
        }
    }

    @Test
    void may2023DeletesTheIdRangeFromOneMinReadAndVacuumsWithoutCheckpoint() {
        assertThat(may2023.in("l.i1", "delete from pi1 where(transactionid>=$1 and transactionid<$2)%"))
                .containsExactly(600 / 50, 600);
        assertThat(may2023.in("l.i1", "select min(transactionid) from pi1")[0]).isEqualTo(1);
        assertThat(may2023.between("end l.i1", "start qr100", "vacuum (verbose) pi1")[0]).isEqualTo(1);
        assertThat(may2023.between("end l.i1", "start qr100", "checkpoint")[0]).isZero();
        // before the second query step: two rounds of background vacuums, waited for by the end of the run
        assertThat(may2023.between("end qr100", "done", "vacuum (verbose) pi1")[0]).isEqualTo(2);
        assertThat(may2023.in("qr100", "PREPARE market_query_ps (real) as SELECT price, customerid FROM pi1%")[0]).isPositive();
    }

    private static String text(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    /** pg_stat_statements of database ib: normalized text -> {calls, rows}. */
    private Map<String, long[]> statements() {
        Map<String, long[]> out = new LinkedHashMap<>();
        ConnectionInfo admin = server.connection();
        try (Connection c = admin.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select query, calls, rows from pg_stat_statements p join pg_database d "
                     + "on d.oid = p.dbid where d.datname = 'ib'")) {
            while (rs.next()) {
                out.merge(rs.getString(1), new long[] {rs.getLong(2), rs.getLong(3)},
                        (x, y) -> new long[] {x[0] + y[0], x[1] + y[1]});
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    /** Sums statements matching a LIKE pattern (case-insensitive, % only; a trailing ';' is ignored). */
    private static long[] sum(Map<String, long[]> stats, String like) {
        String regex = "(?is)" + java.util.regex.Pattern.quote(like).replace("%", "\\E.*\\Q") + ";?";
        long[] total = new long[2];
        stats.forEach((q, v) -> {
            if (q.strip().matches(regex)) {
                total[0] += v[0];
                total[1] += v[1];
            }
        });
        return total;
    }
}
