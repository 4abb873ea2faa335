package org.pgknobs.workload.insertbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
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
import org.pgknobs.workload.WorkloadException;

/**
 * One tiny insert-benchmark run on a real server, inspected at every phase boundary. The query steps are
 * fixed work (query_seconds x rate rows per client) at rates a tiny server meets easily.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InsertBenchWorkloadTest {

    private static final int CLIENTS = 2;
    private static final long INITIAL = 2_000;
    private static final long I1 = 600;
    private static final long I2 = 100;
    private static final int RATE2 = 200;
    private static final InsertBenchConfig CONFIG = new InsertBenchConfig(CLIENTS, INITIAL, I1, I2, 1,
            List.of(100, RATE2), InsertBenchVariant.CURRENT, 1, null);

    @TempDir
    static Path outDir;

    private ManagedServer server;
    private ConnectionInfo db;
    private final List<String> events = new ArrayList<>();
    /** "event/table" → {count, min id, max id, rows above the previous snapshot's max id} at that phase boundary. */
    private final Map<String, long[]> tables = new LinkedHashMap<>();
    private final Map<Integer, Long> lastMax = new LinkedHashMap<>();
    private WorkloadResult result;

    @BeforeAll
    void runTinyBenchmark() throws Exception {
        server = TestServers.started("insertbench");
        db = server.connection().withDatabase(InsertBenchWorkload.DATABASE);
        InsertBenchWorkload workload = new InsertBenchWorkload(CONFIG);
        workload.load(server.connection(), ProgressListener.NONE);
        snapshot("loaded");
        result = workload.run(server.connection(), outDir, new MeasurementListener() {
            @Override
            public void phaseStarted(String phase) {
                events.add("start " + phase);
                snapshot("start " + phase);
            }

            @Override
            public void phaseEnded(String phase) {
                events.add("end " + phase);
                snapshot("end " + phase);
            }
        });
    }

    @AfterAll
    void stopServer() {
        TestServers.dispose(server);
    }

    @Test
    void loadCreatesTheDatabaseWithOneEmptyTablePerClient() {
        for (int c = 1; c <= CLIENTS; c++) {
            assertThat(tables.get("loaded/pi" + c)[0]).isZero();
        }
    }

    @Test
    void listenerSeesEveryPhaseStartAndEndInOrder() {
        List<String> expected = new ArrayList<>();
        for (String p : List.of("l.i0", "l.x", "l.i1", "l.i2", "qr100", "qp100", "qr" + RATE2, "qp" + RATE2)) {
            expected.add("start " + p);
            expected.add("end " + p);
        }
        assertThat(events).containsExactlyElementsOf(expected);
        assertThat(result.phases()).extracting(PhaseResult::name)
                .containsExactlyElementsOf(new InsertBenchWorkload(CONFIG).phaseNames());
        assertThat(result.headlinePhase()).isEqualTo("l.i1");
    }

    @Test
    void initialLoadInsertsExactlyTheConfiguredRowsInPrimaryKeyOrder() throws SQLException {
        PhaseResult i0 = phase("l.i0");
        assertThat(i0.completed()).isEqualTo(CLIENTS * INITIAL);
        assertThat(i0.details()).containsEntry("rowsInserted", CLIENTS * INITIAL).containsEntry("rowsDeleted", 0L);
        // 100 rows per statement: requests = rows / 100
        assertThat(i0.details().get("requests")).isEqualTo(CLIENTS * INITIAL / InsertBenchWorkload.LOAD_BATCH);
        for (int c = 1; c <= CLIENTS; c++) {
            long[] t = tables.get("end l.i0/pi" + c);
            assertThat(t[0]).isEqualTo(INITIAL);
            assertThat(t[2] - t[1] + 1).as("ids are dense").isEqualTo(INITIAL);
        }
        // The rows that l.i0 inserted still sit in heap order = PK order (l.i1 deleted a prefix, nothing moved).
        assertThat(scalar("select count(*) from (select transactionid < lag(transactionid) over (order by ctid) as back "
                + "from pi1 where transactionid <= " + tables.get("end l.i0/pi1")[2] + ") x where back")).isZero();
    }

    @Test
    void indexPhaseCreatesTheThreeSecondaryIndexesWithIibenchColumns() throws SQLException {
        for (int c = 1; c <= CLIENTS; c++) {
            String t = "pi" + c;
            assertThat(indexColumns(t + "_marketsegment")).isEqualTo("productid, customerid, price");
            assertThat(indexColumns(t + "_registersegment")).isEqualTo("cashregisterid, customerid, price");
            assertThat(indexColumns(t + "_pdc")).isEqualTo("price, dateandtime, customerid");
            assertThat(scalar("select count(*) from pg_indexes where tablename = '" + t + "'")).isEqualTo(4);
        }
        PhaseResult x = phase("l.x");
        assertThat(x.completed()).as("indexed rows, once per table").isEqualTo(CLIENTS * INITIAL);
        assertThat(x.details().get("requests")).isEqualTo(3L * CLIENTS);
        assertThat(((Number) x.details().get("databaseBytes")).longValue())
                .isGreaterThan(((Number) phase("l.i0").details().get("databaseBytes")).longValue());
    }

    @Test
    void insertDeletePhasesKeepEveryTableAtItsSizeAndDeleteTheOldestRows() {
        for (String p : List.of("l.i1", "l.i2")) {
            long perClient = p.equals("l.i1") ? I1 : I2;
            PhaseResult r = phase(p);
            assertThat(r.details()).containsEntry("rowsInserted", CLIENTS * perClient)
                    .containsEntry("rowsDeleted", CLIENTS * perClient);
            assertThat(r.completed()).isEqualTo(CLIENTS * perClient);
            int batch = p.equals("l.i1") ? InsertBenchWorkload.I1_BATCH : InsertBenchWorkload.I2_BATCH;
            assertThat(r.details()).containsEntry("rowsPerTransaction", batch);
            assertThat(r.details().get("requests")).isEqualTo(CLIENTS * perClient / batch);
            assertThat(r.details().get("deleteRequests")).as("one delete per insert batch").isEqualTo(CLIENTS * perClient / batch);
            assertThat(r.details()).containsKey("deleteResponseTimePct").doesNotContainKey("insertRequests");
            for (int c = 1; c <= CLIENTS; c++) {
                long[] before = tables.get("start " + p + "/pi" + c);
                long[] after = tables.get("end " + p + "/pi" + c);
                assertThat(after[0]).isEqualTo(before[0]).isEqualTo(INITIAL);
                assertThat(after[1] - before[1]).as("oldest rows went").isEqualTo(perClient);
                // ids above the old maximum (the sequence cache leaves gaps between sessions, so not max - max)
                assertThat(after[3]).as("new rows came").isEqualTo(perClient);
            }
        }
    }

    @Test
    void queryPhasesAreFixedWorkAndReportTheirInsertRate() {
        for (String kind : List.of("qr", "qp")) {
            for (int rate : List.of(100, RATE2)) {
                PhaseResult q = phase(kind + rate);
                // whether the rate was met depends on the machine's load; the work does not
                assertThat(q.details()).containsKey("targetRateMet").containsKey("achievedInsertRowsPerSecondPerClient")
                        .containsEntry("targetInsertRowsPerSecondPerClient", rate)
                        .containsEntry("rowsInserted", (long) CLIENTS * rate)
                        .containsEntry("rowsDeleted", (long) CLIENTS * rate);
                assertThat(q.completed()).as("queries").isPositive();
                assertThat(q.details()).containsEntry("queryKind", kind.equals("qr") ? "range" : "point");
                assertThat((Long) q.details().get("insertRequests")).isEqualTo(CLIENTS * rate / 50L);
                assertThat((Double) q.details().get("rowsFetchedPerQuery")).isPositive().isLessThanOrEqualTo(10.0);
            }
        }
        for (int c = 1; c <= CLIENTS; c++) {
            assertThat(tables.get("end qp" + RATE2 + "/pi" + c)[0]).isEqualTo(INITIAL);
        }
    }

    @Test
    void everyHistogramSumsToOneHundredPercent() {
        for (PhaseResult p : result.phases()) {
            @SuppressWarnings("unchecked")
            Map<String, Double> pct = (Map<String, Double>) p.details().get("responseTimePct");
            assertThat(pct.keySet()).containsExactlyElementsOf(ResponseTimeBuckets.LABELS);
            assertThat(pct.values().stream().mapToDouble(Double::doubleValue).sum()).as(p.name()).isCloseTo(100.0, within(1e-9));
            assertThat(p.latencyMs().max()).isEqualTo((Double) p.details().get("maxResponseMs"));
            assertThat(p.details()).as("tiny phases are shorter than his 10 lines: NA").containsEntry("perSecondP99", null);
            assertThat(p.details().get("cpuMicrosPerOp")).as(p.name()).isNotNull();
        }
    }

    @Test
    void rangeQueriesReadTheirSecondaryIndexAndPointQueriesThePrimaryKey() throws SQLException {
        assertThat(plan(QueryShape.MARKET, "1")).contains("pi1_marketsegment");
        assertThat(plan(QueryShape.REGISTER, "1")).contains("pi1_registersegment");
        assertThat(plan(QueryShape.PDC, "1")).contains("pi1_pdc");
        assertThat(plan(QueryShape.POINT, "1,2,3,4,5,6,7,8,9,10")).contains("pi1_pkey");
    }

    @Test
    void writesPhasesJsonSamplesCsvAndOneSummaryLinePerPhase() throws Exception {
        JsonNode json = new ObjectMapper().readTree(outDir.resolve(InsertBenchResults.PHASES_JSON).toFile());
        assertThat(json.get("kind").asText()).isEqualTo("insertbench");
        assertThat(json.get("config").get("initialRows").asLong()).isEqualTo(INITIAL);
        assertThat(json.get("phases")).hasSize(result.phases().size());
        assertThat(json.get("phases").get(0).get("completed").asLong()).isEqualTo(CLIENTS * INITIAL);

        List<String> csv = Files.readAllLines(outDir.resolve(InsertBenchResults.SAMPLES_CSV));
        assertThat(csv.get(0)).isEqualTo("phase,second,ops,max_ms");
        long i0Ops = csv.stream().filter(l -> l.startsWith("l.i0,")).mapToLong(l -> Long.parseLong(l.split(",")[2])).sum();
        assertThat(i0Ops).isEqualTo(CLIENTS * INITIAL);

        List<String> summary = Files.readAllLines(outDir.resolve(InsertBenchResults.SUMMARY_TXT));
        assertThat(summary).hasSize(1 + result.phases().size());
        assertThat(summary.get(summary.size() - 1)).startsWith("qp" + RATE2).containsPattern("(met|MISSED) [0-9.]+/" + RATE2);
    }

    @Test
    void aServerThatRefusesTheLoginFailsTheLoadWithTheServersReason() {
        ConnectionInfo good = server.connection();
        ConnectionInfo wrong = new ConnectionInfo(good.host(), good.port(), good.database(), good.user(), "not-the-password");
        assertThatThrownBy(() -> new InsertBenchWorkload(CONFIG).load(wrong, ProgressListener.NONE))
                .isInstanceOf(WorkloadException.class)
                .hasMessageContaining("cannot create database ib")
                .hasMessageContaining("password authentication failed");
    }

    private PhaseResult phase(String name) {
        return result.phases().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    private void snapshot(String event) {
        for (int c = 1; c <= CLIENTS; c++) {
            long previousMax = lastMax.getOrDefault(c, 0L);
            try (Connection conn = db.connect(); Statement s = conn.createStatement();
                 ResultSet rs = s.executeQuery("select count(*), coalesce(min(transactionid), 0), "
                         + "coalesce(max(transactionid), 0), count(*) filter (where transactionid > " + previousMax
                         + ") from pi" + c)) {
                rs.next();
                tables.put(event + "/pi" + c, new long[] {rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4)});
                lastMax.put(c, rs.getLong(3));
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private long scalar(String sql) throws SQLException {
        try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private String indexColumns(String index) throws SQLException {
        try (Connection c = db.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select string_agg(a.attname, ', ' order by k.ord) from pg_index i "
                     + "cross join unnest(i.indkey) with ordinality k(attnum, ord) "
                     + "join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum "
                     + "where i.indexrelid = '" + index + "'::regclass")) {
            rs.next();
            return rs.getString(1);
        }
    }

    /** EXPLAIN EXECUTE of the shape's prepared statement with these arguments. */
    private String plan(QueryShape shape, String args) throws SQLException {
        StringBuilder out = new StringBuilder();
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            s.execute(shape.prepare(InsertBenchVariant.CURRENT, 1));
            ResultSet rs = s.executeQuery("explain execute " + shape.statementName() + " (" + args + ")");
            while (rs.next()) {
                out.append(rs.getString(1)).append('\n');
            }
        }
        return out.toString();
    }
}
