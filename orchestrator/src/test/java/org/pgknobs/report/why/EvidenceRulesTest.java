package org.pgknobs.report.why;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pgknobs.report.why.Figures.none;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.results.MachineFacts;

/** The rules on machine facts and the workload's outcome, on crafted step data: each fires on its figures, silent on nulls. */
@Tag("unit")
class EvidenceRulesTest {

    private static MachineFacts.Cpu cpu(double busy, Double client, Double server) {
        return new MachineFacts.Cpu(120, 2, busy, busy * 0.8, busy * 0.2, 0, client, server, null);
    }

    private static MachineFacts machine(MachineFacts.Cpu cpu, MachineFacts.Fsync fsync, MachineFacts.Reads reads) {
        return new MachineFacts(cpu == null ? Map.of() : Map.of("tpcc", cpu), fsync, reads, null, Map.of());
    }

    private static WhyInput with(Evidence e) {
        return new WhyInput(none().derived(), Optional.empty(), Map.of(), e);
    }

    private static Evidence machineOnly(MachineFacts m) {
        return new Evidence(m, "tpcc", null, null, null, null, null);
    }

    @Test
    void noEvidenceRuleFiresOnNulls() {
        assertThat(WhyRules.explain(with(Evidence.NONE))).isEmpty();
        assertThat(WhyRules.explain(with(machineOnly(machine(null, null, null))))).isEmpty();
        assertThat(WhyRules.explain(new WhyInput(null, Optional.empty(), Map.of(), Evidence.NONE))).isEmpty();
        // reads without a per-read latency (track_io_timing off or no reads) say nothing
        assertThat(new OsPageCacheReads().explain(with(machineOnly(machine(null, null,
                new MachineFacts.Reads(0, 0, null)))))).isEmpty();
    }

    @Test
    void cpuBoundNamesBusyClientAndServerShares() {
        Optional<Reason> r = new CpuBound().explain(with(machineOnly(machine(cpu(97, 41.0, 55.0), null, null))));
        assertThat(r).get().extracting(Reason::text)
                .isEqualTo("CPU-bound: 2 cores 97 % busy (client 41 %, server 55 %)");
        assertThat(r.get().figures()).containsExactly("machine.cpu");
    }

    @Test
    void cpuBoundNamesStealFromHalfAPercent() {
        MachineFacts.Cpu stolen = new MachineFacts.Cpu(120, 2, 98, 70, 25, 0, 20.0, 75.0, 2.5);
        Optional<Reason> r = new CpuBound().explain(with(machineOnly(machine(stolen, null, null))));
        assertThat(r).get().extracting(Reason::text).asString().contains("(client 20 %, server 75 %, steal 2.5 %)");
        assertThat(r.get().figures()).contains("machine.cpu");
        MachineFacts.Cpu quiet = new MachineFacts.Cpu(120, 2, 98, 70, 27.9, 0, 20.0, 75.0, 0.1);
        assertThat(new CpuBound().explain(with(machineOnly(machine(quiet, null, null))))).get()
                .extracting(Reason::text).asString().doesNotContain("steal");
    }

    @Test
    void cpuBoundLeavesOutSharesItDoesNotHaveAndIsSilentBelowNinetyPercent() {
        assertThat(new CpuBound().explain(with(machineOnly(machine(cpu(95, 30.0, null), null, null)))))
                .get().extracting(Reason::text).asString().contains("(client 30 %)").doesNotContain("server");
        assertThat(new CpuBound().explain(with(machineOnly(machine(cpu(60, 30.0, 28.0), null, null))))).isEmpty();
        // the CPU of another phase than the headline says nothing about the headline window
        assertThat(new CpuBound().explain(with(new Evidence(machine(cpu(99, 50.0, 49.0), null, null), "l.i1",
                null, null, null, null, null)))).isEmpty();
    }

    @Test
    void pageCacheReadsFireOnlyOnFastReadsWithEnoughOfThem() {
        assertThat(new OsPageCacheReads().explain(with(machineOnly(machine(null, null,
                new MachineFacts.Reads(5000, 30, 6.0))))))
                .get().extracting(Reason::text).isEqualTo("reads came from the OS page cache (6.0 µs per read, 5000 reads)");
        assertThat(new OsPageCacheReads().explain(with(machineOnly(machine(null, null,
                new MachineFacts.Reads(5000, 600, 120.0)))))).isEmpty();
        assertThat(new OsPageCacheReads().explain(with(machineOnly(machine(null, null,
                new MachineFacts.Reads(10, 0.05, 5.0)))))).isEmpty();
    }

    @Test
    void fsyncCostSpeaksWhenCheapOrDearOnly() {
        assertThat(new FsyncCost().explain(with(machineOnly(machine(null,
                new MachineFacts.Fsync("fdatasync", 40000, 2, 20000, 0.05, 0.3), null)))))
                .get().extracting(Reason::text)
                .isEqualTo("fsync probe 0.050 ms (fdatasync, 20000/s; one probe per suite and wal_sync_method) — WAL"
                        + " flushes cost almost nothing here");
        assertThat(new FsyncCost().explain(with(machineOnly(machine(null,
                new MachineFacts.Fsync("fdatasync", 200, 2, 100, 10, 30), null)))))
                .get().extracting(Reason::text).asString().startsWith("fsync probe 10 ms").contains("a commit waits");
        assertThat(new FsyncCost().explain(with(machineOnly(machine(null,
                new MachineFacts.Fsync("fdatasync", 4000, 2, 2000, 0.5, 3), null))))).isEmpty();
    }

    @Test
    void sqlStateFailuresGiveTheShareOfAttemptsAndTheSetting() {
        Evidence e = new Evidence(null, "tpcc", Map.of("53200", 4244L, "40P01", 3L), 61_500L, 57_000L,
                "TRANSACTION_SERIALIZABLE", null);
        Optional<Reason> r = new FailedWithSqlState().explain(with(e));
        assertThat(r).get().extracting(Reason::text).isEqualTo("6.9 % of attempts failed with 53200 (max_pred_locks_per_transaction)");
        assertThat(r.get().figures()).containsExactly("errorsBySqlState", "attempts", "isolation");
    }

    @Test
    void sqlStateRuleSilentBelowOnePercentOrWithoutAttempts() {
        FailedWithSqlState rule = new FailedWithSqlState();
        assertThat(rule.explain(with(new Evidence(null, "tpcc", Map.of("53200", 5L), 10_000L, 9_995L, null, null)))).isEmpty();
        assertThat(rule.explain(with(new Evidence(null, "tpcc", Map.of("53200", 5L), null, null, null, null)))).isEmpty();
        assertThat(rule.explain(with(new Evidence(null, "tpcc", Map.of(), 100L, 100L, null, null)))).isEmpty();
        assertThat(rule.explain(with(new Evidence(null, "tpcc", null, 100L, 100L, null, null)))).isEmpty();
    }

    @Test
    void noiseOverlapFiresOnlyWhenTheIntervalHoldsOne() {
        Evidence.Noise holdsOne = new Evidence.Noise("autovacuum", 1.03, 0.94, 1.13, 3, 3);
        assertThat(new NoiseOverlap().explain(with(new Evidence(null, "tpcc", null, null, null, null, holdsOne))))
                .get().extracting(Reason::text)
                .isEqualTo("no difference shown: ×1.03 [0.94–1.13] against autovacuum holds 1 (3 and 3 repeats)");
        assertThat(new NoiseOverlap().explain(with(new Evidence(null, "tpcc", null, null, null, null,
                new Evidence.Noise("autovacuum", 1.20, 1.05, 1.37, 3, 3))))).isEmpty();
        assertThat(new NoiseOverlap().explain(with(new Evidence(null, "tpcc", null, null, null, null, null)))).isEmpty();
    }

    @Test
    void walPerTransactionSilentWhenNoTransactionCommitted() {
        // the index step of the issue: pg_stat_database counted failed attempts, so WAL "per transaction" was ×0.00021
        Comparison wal = new Comparison("wal", none().walPerTransaction(48_000).derived(), Map.of(), 100L, List.of(),
                List.of(), Comparison.Throughput.DIFFERS, List.of());
        WhyInput noneCommitted = new WhyInput(none().walPerTransaction(10).derived(), Optional.empty(), Map.of(),
                new Evidence(null, "tpcc", null, 40L, 0L, null, null), Optional.empty(), Optional.of(wal));
        assertThat(new WalPerTransaction().explain(noneCommitted)).isEmpty();
        WhyInput someCommitted = new WhyInput(noneCommitted.step(), Optional.empty(), Map.of(),
                new Evidence(null, "tpcc", null, 40L, 30L, null, null), Optional.empty(), Optional.of(wal));
        assertThat(new WalPerTransaction().explain(someCommitted)).isPresent();
    }

    @Test
    void evidenceRulesRunWithoutCollectorFigures() {
        List<Reason> r = WhyRules.explain(new WhyInput(null, Optional.empty(), Map.of(),
                machineOnly(machine(cpu(99, 49.0, 50.0), null, null))));
        assertThat(r).extracting(Reason::rule).containsExactly("cpu-bound");
    }
}
