package org.pgknobs.collector;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class AutovacuumTallyTest {

    private static final long SECOND = 1_000_000_000L;

    static AutovacuumWorker vacuum(int pid, long relid, String table, String phase, Long total, Long scanned,
                                   Long vacuumed) {
        return new AutovacuumWorker(pid, relid, table, "vacuum", phase, total, scanned, vacuumed, null, null);
    }

    static AutovacuumWorker analyze(int pid, long relid, String table, String phase) {
        return new AutovacuumWorker(pid, relid, table, "analyze", phase, null, null, null, null, null);
    }

    /** A round at {@code second}; {@code workers} null: the round could not sample them. */
    static Snapshot round(long second, AutovacuumWorker... workers) {
        return new Snapshot(second * 1000, second * SECOND, Map.of(), Map.of(), Map.of(), 0, 0,
                workers == null ? null : Arrays.asList(workers));
    }

    static Map<String, List<StatRow>> finished(Map<String, long[]> byTable, long totalVacuums) {
        List<StatRow> rows = byTable.entrySet().stream().map(e -> new StatRow(Map.of("table", e.getKey()),
                Map.of("autovacuum_count", e.getValue()[0], "autoanalyze_count", e.getValue()[1]))).toList();
        return Map.of(QueryCatalog.AUTOVACUUM_TABLES, rows, QueryCatalog.TABLES,
                List.of(new StatRow(Map.of(), Map.of("autovacuum_count", totalVacuums, "autoanalyze_count", 0L))));
    }

    @Test
    void aWorkerSeenInRoundsCountsItsSecondsItsFurthestPhaseAndOneStartedRun() {
        AutovacuumTally tally = new AutovacuumTally(round(0));
        tally.add(round(1, vacuum(7, 100, "order_line", "scanning heap", 1000L, 300L, 0L)));
        tally.add(round(2, vacuum(7, 100, "order_line", "vacuuming indexes", 1000L, 1000L, 0L)));
        tally.add(round(3, vacuum(7, 100, "order_line", "vacuuming heap", 1000L, 1000L, 400L)));
        tally.add(round(4));

        AutovacuumActivity a = tally.activity(4.0, finished(Map.of("order_line", new long[] {1, 0}), 1));

        assertThat(a.rounds()).isEqualTo(4);
        assertThat(a.startedRuns()).isEqualTo(1);
        assertThat(a.finishedRuns()).isEqualTo(1);
        assertThat(a.workerSeconds()).isEqualTo(3.0);
        assertThat(a.share()).isEqualTo(0.75);
        AutovacuumActivity.Table t = a.busiest().orElseThrow();
        assertThat(t.table()).isEqualTo("order_line");
        assertThat(t.share()).isEqualTo(0.75);
        assertThat(t.started()).isEqualTo(1);
        assertThat(t.runningAtOpen()).isZero();
        assertThat(t.finished()).isEqualTo(1);
        assertThat(t.furthestPhase()).isEqualTo("vacuuming heap");
        assertThat(t.heapBlksTotal()).isEqualTo(1000);
        assertThat(t.heapBlksScanned()).isEqualTo(1000);
        assertThat(t.heapBlksVacuumed()).isEqualTo(400);
    }

    @Test
    void aRunAlreadyGoingWhenTheWindowOpensIsNotStartedAndCountsOnlyTheBlocksAfterTheOpening() {
        AutovacuumTally tally = new AutovacuumTally(round(0, vacuum(7, 100, "stock", "scanning heap", 500L, 200L, 0L)));
        tally.add(round(1, vacuum(7, 100, "stock", "scanning heap", 500L, 350L, 0L),
                vacuum(8, 200, "customer", "initializing", null, null, null)));
        tally.add(round(2, vacuum(8, 200, "customer", "scanning heap", 80L, 10L, null)));

        AutovacuumActivity a = tally.activity(2.0, Map.of());

        assertThat(a.startedRuns()).isEqualTo(1);
        assertThat(a.workerSeconds()).isEqualTo(3.0);
        assertThat(a.share()).isEqualTo(1.5); // two workers at once
        assertThat(a.finishedRuns()).isZero(); // no counters in the window: nothing known to have finished
        AutovacuumActivity.Table customer = a.tables().get(0);
        AutovacuumActivity.Table stock = a.tables().get(1);
        assertThat(customer.table()).isEqualTo("customer");
        assertThat(customer.started()).isEqualTo(1);
        assertThat(customer.heapBlksScanned()).isEqualTo(10);
        assertThat(customer.heapBlksVacuumed()).isZero(); // null in the view: nothing counted
        assertThat(stock.started()).isZero();
        assertThat(stock.runningAtOpen()).isEqualTo(1);
        assertThat(stock.heapBlksScanned()).isEqualTo(150);
    }

    @Test
    void anAnalyzeOnlyTableShowsItsAnalyzePhaseAndAFinishedRunUnseenBySamplingStillShows() {
        AutovacuumTally tally = new AutovacuumTally(round(0));
        tally.add(round(1, analyze(9, 300, "item", "acquiring sample rows")));
        tally.add(round(2, analyze(9, 300, "item", "computing statistics")));

        AutovacuumActivity a = tally.activity(2.0, finished(Map.of("item", new long[] {0, 1},
                "history", new long[] {2, 0}), 2));

        assertThat(a.tables()).extracting(AutovacuumActivity.Table::table).containsExactly("item", "history");
        assertThat(a.tables().get(0).furthestPhase()).isEqualTo("analyze: computing statistics");
        assertThat(a.tables().get(0).analyzesFinished()).isEqualTo(1);
        assertThat(a.tables().get(0).heapBlksTotal()).isNull();
        AutovacuumActivity.Table history = a.tables().get(1);
        assertThat(history.finished()).isEqualTo(2);
        assertThat(history.workerSeconds()).isZero();
        assertThat(history.furthestPhase()).isNull();
        assertThat(a.finishedRuns()).isEqualTo(2);
    }

    @Test
    void roundsThatCouldNotSampleTheWorkersAddNoSecondsAndNoneAtAllGiveNoActivity() {
        AutovacuumTally failing = new AutovacuumTally(round(0, (AutovacuumWorker[]) null));
        failing.add(round(1, (AutovacuumWorker[]) null));
        assertThat(failing.activity(1.0, Map.of())).isNull();

        AutovacuumTally gap = new AutovacuumTally(round(0));
        gap.add(round(1, (AutovacuumWorker[]) null));
        gap.add(round(2, vacuum(7, 100, "t", "scanning heap", 10L, 1L, 0L)));
        AutovacuumActivity a = gap.activity(2.0, Map.of());
        assertThat(a.rounds()).isEqualTo(1);
        assertThat(a.workerSeconds()).isEqualTo(1.0); // the second since the failed round, not since the opening
    }

    @Test
    void anIdleWindowHasActivityWithNoTablesAndAZeroShare() {
        AutovacuumTally tally = new AutovacuumTally(round(0));
        tally.add(round(1));
        AutovacuumActivity a = tally.activity(1.0, finished(Map.of("t", new long[] {0, 0}), 0));
        assertThat(a.tables()).isEmpty();
        assertThat(a.share()).isZero();
        assertThat(a.busiest()).isEmpty();
    }
}
