package org.pgknobs.report.why;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pgknobs.report.why.Figures.input;
import static org.pgknobs.report.why.Figures.none;
import static org.pgknobs.report.why.Figures.share;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.collector.AutovacuumActivity;

@Tag("unit")
class WhyRulesTest {

    @Test
    void noRuleFiresOnFiguresThatWereNotCollected() {
        assertThat(WhyRules.explain(input(none(), none(), Map.of()))).isEmpty();
        assertThat(WhyRules.explain(input(none(), null, Map.of("max_wal_size", "32MB")))).isEmpty();
    }

    @Test
    void frequentRequestedCheckpointsNameMaxWalSize() {
        Optional<Reason> r = new CheckpointPressure().explain(
                input(none().checkpoints(1, 49, 0.5), null, Map.of("max_wal_size", "32MB")));
        assertThat(r).get().extracting(Reason::text)
                .isEqualTo("50 checkpoints in the 10 s window, one every 0.50 s, 98 % requested (max_wal_size=32MB)");
        assertThat(r.get().figures()).contains("checkpoints", "windowSeconds", "settings.max_wal_size");
    }

    @Test
    void frequentTimedCheckpointsNameCheckpointTimeout() {
        assertThat(new CheckpointPressure().explain(
                input(none().checkpoints(2, 0, 5.0), null, Map.of("checkpoint_timeout", "30s", "max_wal_size", "1GB"))))
                .get().extracting(Reason::text)
                .isEqualTo("2 checkpoints in the 10 s window, one every 5.0 s, 0 % requested (checkpoint_timeout=30s)");
        // one checkpoint in the window is one event, not a rate
        assertThat(new CheckpointPressure().explain(
                input(none().checkpoints(1, 0, 10.0), null, Map.of("checkpoint_timeout", "30s"))))
                .get().extracting(Reason::text).isEqualTo("one checkpoint in the 10 s window, timed (checkpoint_timeout=30s)");
    }

    @Test
    void checkpointRuleSilentWhenRareOrAbsent() {
        CheckpointPressure rule = new CheckpointPressure();
        assertThat(rule.explain(input(none().checkpoints(1, 0, 300.0), null, Map.of()))).isEmpty();
        assertThat(rule.explain(input(none().checkpoints(0, 0, null), null, Map.of()))).isEmpty();
        assertThat(rule.explain(input(none(), null, Map.of()))).isEmpty();
    }

    @Test
    void hitRatioDropComparesWithBaselineAndNamesSharedBuffers() {
        assertThat(new HitRatioDrop().explain(Figures.against(none().hitRatio(0.705), Map.of("shared_buffers", "8MB"),
                "base", none().hitRatio(0.999), Map.of("shared_buffers", "128MB"), Comparison.Throughput.DIFFERS)))
                .get().extracting(Reason::text)
                .isEqualTo("client hit ratio 99.9 % in base → 70.5 % (shared_buffers 8MB, was 128MB)");
        // the same shared_buffers in both (spelt as pg_settings shows it in one) is not named
        assertThat(new HitRatioDrop().explain(Figures.against(none().hitRatio(0.705), Map.of("shared_buffers", "8MB"),
                "wal", none().hitRatio(0.999), Map.of("shared_buffers", "1024 8kB"), Comparison.Throughput.NO_DIFFERENCE)))
                .get().extracting(Reason::text)
                .isEqualTo("differs although throughput does not: client hit ratio 99.9 % in wal → 70.5 %");
    }

    @Test
    void hitRatioRuleSilentWithoutBaselineOrSmallDropOrNull() {
        HitRatioDrop rule = new HitRatioDrop();
        assertThat(rule.explain(input(none().hitRatio(0.5), null, Map.of()))).isEmpty();
        assertThat(rule.explain(input(none().hitRatio(0.995), none().hitRatio(0.999), Map.of()))).isEmpty();
        assertThat(rule.explain(input(none().hitRatio(0.999), none().hitRatio(0.5), Map.of()))).isEmpty();
        assertThat(rule.explain(input(none(), none().hitRatio(0.999), Map.of()))).isEmpty();
        assertThat(rule.explain(input(none().hitRatio(0.5), none(), Map.of()))).isEmpty();
    }

    static AutovacuumActivity.Table table(String name, double share, String phase) {
        return new AutovacuumActivity.Table(name, share * 120, share, 1, 0, 0, 0, phase, 1000L, 500, 0);
    }

    @Test
    void autovacuumWorkersNameTheTablesTheyHeldForAFifthOfTheWindowOrMore() {
        AutovacuumActivity busy = new AutovacuumActivity(120, 100, 0.83, 2, 0, 0, List.of(
                table("order_line", 0.643, "vacuuming indexes"), table("stock", 0.2, "scanning heap"),
                table("customer", 0.19, "scanning heap")));
        assertThat(new AutovacuumWorkers().explain(input(none().autovacuum(busy), null, Map.of()))).get()
                .satisfies(r -> {
                    assertThat(r.text()).isEqualTo("autovacuum workers on order_line for 64 % and stock for 20 % of the"
                            + " window (vacuuming indexes; runs: 2 started, 0 finished)");
                    assertThat(r.figures()).containsExactly("autovacuum");
                });
        AutovacuumActivity held = new AutovacuumActivity(120, 240, 2.0, 0, 0, 0, List.of(
                new AutovacuumActivity.Table("customer", 120, 1.0, 0, 1, 0, 0, "vacuuming heap", 292213L, 34701, 25939),
                new AutovacuumActivity.Table("order_line", 120, 1.0, 0, 1, 0, 0, "vacuuming heap", 474305L, 86, 474196)));
        assertThat(new AutovacuumWorkers().explain(input(none().autovacuum(held), null, Map.of()))).get()
                .satisfies(r -> assertThat(r.text()).isEqualTo("autovacuum workers on customer for 100 % and order_line"
                        + " for 100 % of the window (vacuuming heap; runs: 2 running since before the window, 0 started,"
                        + " 0 finished)"));
    }

    @Test
    void autovacuumWorkersStaySilentBelowAFifthWithoutTablesAndWithoutTheSample() {
        AutovacuumActivity brief = new AutovacuumActivity(120, 20, 0.19, 1, 1, 0, List.of(
                table("order_line", 0.19, "vacuuming heap")));
        AutovacuumActivity unseen = new AutovacuumActivity(120, 0, 0, 0, 3, 0, List.of(
                new AutovacuumActivity.Table("history", 0, 0, 0, 0, 3, 0, null, null, 0, 0)));
        assertThat(new AutovacuumWorkers().explain(input(none().autovacuum(brief), null, Map.of()))).isEmpty();
        assertThat(new AutovacuumWorkers().explain(input(none().autovacuum(unseen), null, Map.of()))).isEmpty();
        assertThat(new AutovacuumWorkers().explain(input(none(), null, Map.of()))).isEmpty();
    }

    @Test
    void autovacuumChurnFiresAtTenRunsAMinute() {
        assertThat(new AutovacuumChurn().explain(input(none().autovacuumPerMinute(118.4), null, Map.of())))
                .get().extracting(Reason::text).isEqualTo("autovacuum ran 118 times a minute");
        assertThat(new AutovacuumChurn().explain(input(none().autovacuumPerMinute(2), null, Map.of()))).isEmpty();
        assertThat(new AutovacuumChurn().explain(input(none(), null, Map.of()))).isEmpty();
    }

    @Test
    void dominantWaitSkipsCpuAndNeedsEnoughSamples() {
        Figures io = none().waits(100, share("CPU", "CPU", 0.2, 100), share("IO", "DataFileRead", 0.76, 100));
        assertThat(new DominantWait().explain(input(io, null, Map.of())))
                .get().extracting(Reason::text).isEqualTo("76 % of client samples waited on IO:DataFileRead");
        Figures cpuOnly = none().waits(100, share("CPU", "CPU", 0.9, 100), share("LWLock", "WALWrite", 0.1, 100));
        assertThat(new DominantWait().explain(input(cpuOnly, null, Map.of()))).isEmpty();
        Figures few = none().waits(3, share("IO", "DataFileRead", 1.0, 3));
        assertThat(new DominantWait().explain(input(few, null, Map.of()))).isEmpty();
        assertThat(new DominantWait().explain(input(none(), null, Map.of()))).isEmpty();
    }

    @Test
    void walPerTransactionFactorWithFullPageImageShare() {
        Optional<Reason> r = new WalPerTransaction().explain(Figures.against(none().walPerTransaction(3100).fpiShare(0.64),
                Map.of(), "base", none().walPerTransaction(1000).fpiShare(0.10), Map.of(), Comparison.Throughput.DIFFERS));
        assertThat(r).get().extracting(Reason::text).isEqualTo(
                "WAL per committed transaction ×3.1 against base (1.0 → 3.1 kB; full-page images 10 % → 64 % of records)");
        assertThat(r.get().figures()).contains("walBytes", "committed", "compared.walBytes", "compared.committed", "fpiShare");
        // a full-page-image share that did not rise is not offered as the cause
        assertThat(new WalPerTransaction().explain(Figures.against(none().walPerTransaction(300).fpiShare(0.64), Map.of(),
                "base", none().walPerTransaction(1000).fpiShare(0.64), Map.of(), Comparison.Throughput.DIFFERS)))
                .get().extracting(Reason::text).isEqualTo("WAL per committed transaction ×0.30 against base (1.0 → 0.30 kB)");
        // the insert benchmark's driver counts inserted rows as its transactions: the same figure is per row
        WhyInput tpcc = Figures.against(none().walPerTransaction(3100), Map.of(), "base", none().walPerTransaction(1000),
                Map.of(), Comparison.Throughput.DIFFERS);
        Evidence e = tpcc.evidence();
        WhyInput insert = new WhyInput(tpcc.step(), tpcc.baseline(), tpcc.settings(), new Evidence(e.machine(),
                "l.i1", null, e.attempts(), e.successful(), null, null, null, null, "row"), tpcc.captures(),
                tpcc.comparison());
        assertThat(new WalPerTransaction().explain(insert)).get().extracting(Reason::text)
                .isEqualTo("WAL per row ×3.1 against base (1.0 → 3.1 kB)");
    }

    @Test
    void walRuleSilentForSmallChangesAndMissingFigures() {
        WalPerTransaction rule = new WalPerTransaction();
        assertThat(rule.explain(Figures.against(none().walPerTransaction(1200), Map.of(), "base",
                none().walPerTransaction(1000), Map.of(), Comparison.Throughput.DIFFERS))).isEmpty();
        assertThat(rule.explain(input(none().walPerTransaction(5000), null, Map.of()))).isEmpty();
        assertThat(rule.explain(input(none(), none().walPerTransaction(1000), Map.of()))).isEmpty();
        assertThat(rule.explain(input(none().walPerTransaction(5000), none(), Map.of()))).isEmpty();
    }
}
