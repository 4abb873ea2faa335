package org.pgknobs.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.collector.AutovacuumActivity;

@Tag("unit")
class AutovacuumTextTest {

    @Test
    void aStepWithWorkersNamesTheirTablesWithShareAndPhaseThenStartedAndFinishedRunsAndLogEntries() {
        AutovacuumActivity a = new AutovacuumActivity(120, 90, 0.75, 2, 0, 0, List.of(
                new AutovacuumActivity.Table("order_line", 77, 0.642, 1, 0, 0, 0, "vacuuming indexes", 9000L, 9000, 0),
                new AutovacuumActivity.Table("stock", 13, 0.108, 1, 0, 0, 0, "scanning heap", 7000L, 1200, 0),
                new AutovacuumActivity.Table("history", 0, 0, 0, 0, 1, 0, null, null, 0, 0)));
        assertThat(AutovacuumText.line(new ReportData.Autovacuum(a, 3L))).contains("workers on order_line 64 %"
                + " (vacuuming indexes), stock 11 % (scanning heap), history (finished between samples) of the window;"
                + " runs 2 started, 0 finished; 3 entries in autovacuum.log");
    }

    @Test
    void runsThatStartedBeforeTheWindowAndOutlastItAreCountedAsRunningSinceBeforeIt() {
        // the article's 128-warehouse autovacuum step: three workers on for the whole window, none started or ended in it
        AutovacuumActivity a = new AutovacuumActivity(120, 360, 3.0, 0, 0, 0, List.of(
                new AutovacuumActivity.Table("customer", 120, 1.0, 0, 1, 0, 0, "vacuuming heap", 292213L, 34701, 25939),
                new AutovacuumActivity.Table("oorder", 120, 1.0, 0, 1, 0, 0, "vacuuming heap", 31113L, 11378, 19559),
                new AutovacuumActivity.Table("order_line", 120, 1.0, 0, 1, 0, 0, "vacuuming heap", 474305L, 86, 474196)));
        assertThat(a.runningAtOpen()).isEqualTo(3);
        assertThat(AutovacuumText.line(new ReportData.Autovacuum(a, 0L))).contains("workers on customer 100 %"
                + " (vacuuming heap), oorder 100 % (vacuuming heap), order_line 100 % (vacuuming heap) of the window;"
                + " runs 3 running since before the window, 0 started, 0 finished; 0 entries in autovacuum.log");
    }

    @Test
    void aQuietWindowOrAnOldFileSaysNothingButTheLogEntriesItHas() {
        AutovacuumActivity quiet = new AutovacuumActivity(120, 0, 0, 0, 0, 0, List.of());
        assertThat(AutovacuumText.line(new ReportData.Autovacuum(quiet, 0L))).isEmpty();
        assertThat(AutovacuumText.line(new ReportData.Autovacuum(null, null))).isEmpty();
        assertThat(AutovacuumText.line(null)).isEmpty();
        assertThat(AutovacuumText.line(new ReportData.Autovacuum(null, 2L))).contains("2 entries in autovacuum.log");
    }

    @Test
    void theSummaryCellReadsStartedOverFinishedAndTheFinishedAloneInOlderFiles() {
        assertThat(AutovacuumText.runs(3L, 0.0)).isEqualTo("3/0");
        assertThat(AutovacuumText.runs(null, 4.0)).isEqualTo("4");
        assertThat(AutovacuumText.runs(null, null)).isEqualTo("–");
    }
}
