package org.pgknobs.collector;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class DerivedFiguresTest {

    static Map<String, String> io(String backend, String object, String context) {
        return Map.of("backend_type", backend, "object", object, "context", context);
    }

    static Map<String, List<StatRow>> deltas() {
        return Map.of(
                QueryCatalog.IO, List.of(
                        new StatRow(io("client backend", "relation", "normal"), Map.of("hits", 900L, "reads", 80L, "writes", 4L)),
                        new StatRow(io("client backend", "relation", "bulkread"), Map.of("hits", 90L, "reads", 20L)),
                        new StatRow(io("client backend", "temp relation", "normal"), Map.of("hits", 5000L, "reads", 5000L)),
                        new StatRow(io("checkpointer", "relation", "normal"), Map.of("writes", 300L, "fsyncs", 12L)),
                        new StatRow(io("walsender", "relation", "normal"), Map.of("hits", 0L))),
                QueryCatalog.WAL, List.of(new StatRow(Map.of(), Map.of("wal_records", 1000L, "wal_fpi", 250L, "wal_bytes", 2_000_000L))),
                QueryCatalog.CHECKPOINTS, List.of(new StatRow(Map.of(), Map.of("num_timed", 1L, "num_requested", 3L,
                        "write_time", 120.0, "sync_time", 30.0, "buffers_written", 300L))),
                QueryCatalog.DATABASE, List.of(new StatRow(Map.of(), Map.of("xact_commit", 1010L, "xact_rollback", 10L,
                        "deadlocks", 1L, "temp_bytes", 4096L))),
                QueryCatalog.TABLES, List.of(new StatRow(Map.of(), Map.of("autovacuum_count", 3L, "autoanalyze_count", 2L))));
    }

    @Test
    void perTransactionFiguresUseDatabaseTransactionsMinusTheCollectorsOwn() {
        Derived d = DerivedFigures.compute(deltas(), 20.0, null, 20, Map.of());
        assertThat(d.txns().count()).isEqualTo(1000);
        assertThat(d.txns().source()).isEqualTo("pg_stat_database");
        assertThat(d.txns().perSecond()).isEqualTo(50.0);
        assertThat(d.wal().bytes().total()).isEqualTo(2_000_000);
        assertThat(d.wal().bytes().perSecond()).isEqualTo(100_000);
        assertThat(d.wal().bytes().perTransaction()).isEqualTo(2000);
        assertThat(d.wal().fpiShare()).isEqualTo(0.25);
        assertThat(d.deadlocks()).isEqualTo(1);
        assertThat(d.tempBytes().perTransaction()).isEqualTo(4.096);
    }

    @Test
    void aTransactionCountFromTheCallerWins() {
        Derived d = DerivedFigures.compute(deltas(), 20.0, 500L, 20, Map.of());
        assertThat(d.txns().count()).isEqualTo(500);
        assertThat(d.txns().source()).isEqualTo("caller");
        assertThat(d.wal().bytes().perTransaction()).isEqualTo(4000);
    }

    @Test
    void clientHitRatioCountsClientBackendsOnRelationsOverAllContexts() {
        Derived d = DerivedFigures.compute(deltas(), 20.0, null, 0, Map.of());
        // (900 + 90) / (900 + 90 + 80 + 20); temp relations do not count
        assertThat(d.clientHitRatio()).isEqualTo(990.0 / 1090.0);
    }

    @Test
    void checkpointsPerMinuteAndMeanSecondsBetweenThem() {
        Derived d = DerivedFigures.compute(deltas(), 20.0, null, 0, Map.of());
        assertThat(d.checkpoints().requested()).isEqualTo(3);
        assertThat(d.checkpoints().timed()).isEqualTo(1);
        assertThat(d.checkpoints().done()).isNull();
        assertThat(d.checkpoints().perMinute()).isEqualTo(12.0);
        assertThat(d.checkpoints().meanSecondsBetween()).isEqualTo(5.0);
        assertThat(d.checkpoints().buffersWritten()).isEqualTo(300);
    }

    @Test
    void ioByBackendTypeLeavesIdleTypesOut() {
        Derived d = DerivedFigures.compute(deltas(), 20.0, null, 20, Map.of());
        assertThat(d.ioByBackendType()).containsOnlyKeys("client backend", "checkpointer");
        assertThat(d.ioByBackendType().get("checkpointer").fsyncs().perTransaction()).isEqualTo(0.012);
        assertThat(d.ioByBackendType().get("client backend").reads().total()).isEqualTo(5100);
    }

    @Test
    void onPg18CompletedCheckpointsSetTheRate() {
        Map<String, List<StatRow>> d = new java.util.HashMap<>(deltas());
        d.put(QueryCatalog.CHECKPOINTS, List.of(new StatRow(Map.of(), Map.of("num_timed", 2L, "num_requested", 2L, "num_done", 2L))));
        Derived derived = DerivedFigures.compute(d, 20.0, null, 0, Map.of());
        assertThat(derived.checkpoints().done()).isEqualTo(2);
        assertThat(derived.checkpoints().meanSecondsBetween()).isEqualTo(10.0);
        assertThat(derived.checkpoints().perMinute()).isEqualTo(6.0);
    }

    @Test
    void autovacuumRunsPerMinute() {
        Derived d = DerivedFigures.compute(deltas(), 30.0, null, 0, Map.of());
        assertThat(d.maintenance().autovacuumPerMinute()).isEqualTo(6.0);
        assertThat(d.maintenance().autoanalyzePerMinute()).isEqualTo(4.0);
    }

    @Test
    void topWaitEventsAreOrderedByShareOfSamples() {
        Derived d = DerivedFigures.compute(deltas(), 20.0, null, 0,
                Map.of("LWLock:WALWrite", 30L, "CPU:CPU", 50L, "IO:DataFileRead", 20L));
        assertThat(d.waits().samples()).isEqualTo(100);
        assertThat(d.waits().top()).extracting(WaitShare::waitEvent).containsExactly("CPU", "WALWrite", "DataFileRead");
        assertThat(d.waits().top().get(1).waitEventType()).isEqualTo("LWLock");
        assertThat(d.waits().top().get(1).share()).isEqualTo(0.3);
    }

    @Test
    void figuresOfGroupsTheServerCannotGiveAreNull() {
        Map<String, List<StatRow>> only = Map.of(QueryCatalog.WAL, deltas().get(QueryCatalog.WAL));
        Derived d = DerivedFigures.compute(only, 10.0, null, 0, Map.of());
        assertThat(d.clientHitRatio()).isNull();
        assertThat(d.txns().count()).isNull();
        assertThat(d.wal().bytes().perTransaction()).isNull();
        assertThat(d.checkpoints()).isNull();
        assertThat(d.ioByBackendType()).isEmpty();
        assertThat(d.waits().top()).isEmpty();
    }

    @Test
    void queryCatalogFollowsTheServerVersion() {
        assertThat(QueryCatalog.forVersion(150007).unavailable()).containsKey(QueryCatalog.IO);
        assertThat(QueryCatalog.forVersion(160010).queries()).anyMatch(q -> q.group().equals(QueryCatalog.CHECKPOINTS)
                && q.source().equals("pg_stat_bgwriter"));
        assertThat(QueryCatalog.forVersion(170006).queries()).anyMatch(q -> q.source().equals("pg_stat_checkpointer")
                && !q.sql().contains("num_done"));
        assertThat(QueryCatalog.forVersion(180006).queries()).anyMatch(q -> q.sql().contains("read_bytes"));
        assertThat(QueryCatalog.forVersion(180006).queries()).anyMatch(q -> q.group().equals(QueryCatalog.WAL)
                && !q.sql().contains("wal_write"));
        assertThat(QueryCatalog.forVersion(190000).queries()).anyMatch(q -> q.sql().contains("num_done"));
    }
}
