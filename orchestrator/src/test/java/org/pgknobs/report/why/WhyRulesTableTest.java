package org.pgknobs.report.why;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pgknobs.report.plans.PlanFixtures.INDEX;
import static org.pgknobs.report.plans.PlanFixtures.SEQ;
import static org.pgknobs.report.plans.PlanFixtures.plan;
import static org.pgknobs.report.plans.PlanFixtures.plans;
import static org.pgknobs.report.why.Figures.none;
import static org.pgknobs.report.why.Figures.share;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.collector.AutovacuumActivity;
import org.pgknobs.collector.StatementCounters;
import org.pgknobs.collector.StatementStats;
import org.pgknobs.collector.StatementWindow;
import org.pgknobs.collector.StatementsDocument;
import org.pgknobs.collector.StatementsFiles;
import org.pgknobs.profile.FoldedStacks;
import org.pgknobs.report.ReadSteps;
import org.pgknobs.report.plans.PlanFixtures;
import org.pgknobs.results.MachineFacts;

/**
 * Every rule, on figures built for it: a case where it must fire and one where it must stay silent; every
 * sentence lists exactly the figures its rule read (WhyInput's accessors record each read); an A/A step gets no
 * comparative line but "no difference shown".
 */
@Tag("unit")
class WhyRulesTableTest {

    private static final String STOCK = "SELECT s_quantity FROM stock WHERE s_i_id = $1 AND s_w_id = $2";

    @TempDir
    Path dir;

    record Case(Class<? extends WhyRule> rule, String name, WhyInput input, boolean fires) {
    }

    private static Comparison base(Figures f, Map<String, String> settings, Comparison.Throughput t) {
        return new Comparison("base", f.derived(), settings, 100L, List.of(), List.of(), t, List.of());
    }

    private static WhyInput step(Figures f, Map<String, String> settings, Evidence e, Comparison c) {
        return new WhyInput(f.derived(), Optional.empty(), settings, e, Optional.empty(), Optional.ofNullable(c));
    }

    private static Evidence evidence(MachineFacts m) {
        return new Evidence(m, "tpcc", null, 100L, 100L, null, null);
    }

    private static MachineFacts machine(double busy, MachineFacts.Fsync fsync, MachineFacts.Reads reads) {
        return new MachineFacts(Map.of("tpcc", new MachineFacts.Cpu(120, 2, busy, busy * 0.8, busy * 0.2, 0, 41.0, 55.0,
                null)), fsync, reads, null, Map.of());
    }

    private static final Comparison.Throughput MOVED = Comparison.Throughput.DIFFERS;

    /** A step and its compared step as directories with their capture files, compared as "wal". */
    private static WhyInput captured(Path after, Path before, Comparison.Throughput t) {
        return new WhyInput(null, Optional.empty(), Map.of(), new Evidence(null, "tpcc", null, null, null, null, null),
                ReadSteps.captures(after, before), Optional.of(new Comparison("wal", null, Map.of(), null,
                List.of(ReadSteps.captures(after)), List.of(ReadSteps.captures(before)), t, List.of())));
    }

    private Path statements(String name, long calls, double totalMs) throws Exception {
        Path d = Files.createDirectories(dir.resolve(name));
        StatementStats s = new StatementStats(1L, 10, true, STOCK, calls, totalMs, totalMs / calls, calls, 100L, 5L, 1L,
                0L, 2000L, 1L, false);
        StatementWindow w = new StatementWindow("tpcc", 0, 10_000, 10, 0L, false, 0,
                new StatementCounters(0L, totalMs, 0L, 0L, 0L, 0L, 0L, 0L, 0L), List.of(s), null);
        StatementsFiles.write(new StatementsDocument(1, 180001, "1.12", null, true, List.of(w)), StatementsFiles.json(d, ""));
        return d;
    }

    private Path profile(String name, Map<String, Long> stacks) {
        Path d = dir.resolve(name);
        try {
            Files.createDirectories(d);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        new FoldedStacks(stacks).write(d);
        return d;
    }

    List<Case> cases() throws Exception {
        List<Case> c = new ArrayList<>();
        Map<String, String> none = Map.of();
        Evidence plain = evidence(null);
        c.add(new Case(CheckpointPressure.class, "50 checkpoints in 10 s", step(none().checkpoints(1, 49, 0.5),
                Map.of("max_wal_size", "32MB"), plain, null), true));
        c.add(new Case(CheckpointPressure.class, "one every 300 s", step(none().checkpoints(1, 0, 300.0), none, plain,
                null), false));
        c.add(new Case(HitRatioDrop.class, "99.9 → 70.5 %", step(none().hitRatio(0.705), Map.of("shared_buffers", "8MB"),
                plain, base(none().hitRatio(0.999), Map.of("shared_buffers", "128MB"), MOVED)), true));
        c.add(new Case(HitRatioDrop.class, "99.9 → 99.5 %", step(none().hitRatio(0.995), none, plain,
                base(none().hitRatio(0.999), none, MOVED)), false));
        c.add(new Case(WalPerTransaction.class, "×3.1", step(none().walPerTransaction(3100).fpiShare(0.64), none, plain,
                base(none().walPerTransaction(1000).fpiShare(0.1), none, MOVED)), true));
        c.add(new Case(WalPerTransaction.class, "×1.2", step(none().walPerTransaction(1200), none, plain,
                base(none().walPerTransaction(1000), none, MOVED)), false));
        c.add(new Case(AutovacuumChurn.class, "118/min", step(none().autovacuumPerMinute(118.4), none, plain, null), true));
        c.add(new Case(AutovacuumChurn.class, "2/min", step(none().autovacuumPerMinute(2), none, plain, null), false));
        c.add(new Case(AutovacuumWorkers.class, "64 % on order_line", step(none().autovacuum(new AutovacuumActivity(120,
                100, 0.83, 2, 0, 0, List.of(WhyRulesTest.table("order_line", 0.643, "vacuuming indexes")))), none, plain,
                null), true));
        c.add(new Case(AutovacuumWorkers.class, "19 %", step(none().autovacuum(new AutovacuumActivity(120, 20, 0.19, 1, 1,
                0, List.of(WhyRulesTest.table("order_line", 0.19, "vacuuming heap")))), none, plain, null), false));
        c.add(new Case(DominantWait.class, "76 % IO", step(none().waits(100, share("IO", "DataFileRead", 0.76, 100)), none,
                plain, null), true));
        c.add(new Case(DominantWait.class, "CPU only", step(none().waits(100, share("CPU", "CPU", 0.9, 100)), none, plain,
                null), false));
        c.add(new Case(WaitShareMoved.class, "4 → 76 %", step(none().waits(200, share("IO", "DataFileRead", 0.76, 200)),
                none, plain, base(none().waits(200, share("IO", "DataFileRead", 0.04, 200)), none, MOVED)), true));
        c.add(new Case(WaitShareMoved.class, "70 → 76 %", step(none().waits(200, share("IO", "DataFileRead", 0.76, 200)),
                none, plain, base(none().waits(200, share("IO", "DataFileRead", 0.70, 200)), none, MOVED)), false));
        c.add(new Case(CpuBound.class, "97 % busy, hit ratio fell, reads 6 µs", step(none().hitRatio(0.70),
                Map.of("io_method", "sync"), evidence(machine(97, null, new MachineFacts.Reads(5000, 30, 6.0))),
                base(none().hitRatio(0.999), none, MOVED)), true));
        c.add(new Case(CpuBound.class, "60 % busy", step(none(), none, evidence(machine(60, null, null)), null), false));
        c.add(new Case(OsPageCacheReads.class, "6 µs", step(none(), none,
                evidence(machine(10, null, new MachineFacts.Reads(5000, 30, 6.0))), null), true));
        c.add(new Case(OsPageCacheReads.class, "120 µs", step(none(), none,
                evidence(machine(10, null, new MachineFacts.Reads(5000, 600, 120.0))), null), false));
        MachineFacts.Fsync cheap = new MachineFacts.Fsync("fdatasync", 40000, 2, 20000, 0.05, 0.3);
        c.add(new Case(FsyncCost.class, "0.05 ms", step(none(), none, evidence(machine(10, cheap, null)), null), true));
        c.add(new Case(FsyncCost.class, "fsync=off", step(none(), Map.of("fsync", "off"),
                evidence(machine(10, cheap, null)), null), false));
        c.add(new Case(FailedWithSqlState.class, "6.9 % 53200", step(none(), none, new Evidence(null, "tpcc",
                Map.of("53200", 4244L), 61_500L, 57_000L, "serializable", null), null), true));
        c.add(new Case(FailedWithSqlState.class, "0.05 %", step(none(), none, new Evidence(null, "tpcc",
                Map.of("53200", 5L), 10_000L, 9_995L, null, null), null), false));
        c.add(new Case(NoiseOverlap.class, "[0.94–1.13]", step(none(), none, new Evidence(null, "tpcc", null, null, null,
                null, new Evidence.Noise("base", 1.03, 0.94, 1.13, 3, 3)), null), true));
        c.add(new Case(NoiseOverlap.class, "[1.05–1.37]", step(none(), none, new Evidence(null, "tpcc", null, null, null,
                null, new Evidence.Noise("base", 1.2, 1.05, 1.37, 3, 3)), null), false));
        c.add(new Case(NotSteady.class, "+31 %", step(none(), none, new Evidence(null, "tpcc", null, null, null, null, null,
                new Steadiness("cusum", 3, 1, 0.31, 0.002, 2)), null), true));
        c.add(new Case(NotSteady.class, "steady", step(none(), none, new Evidence(null, "tpcc", null, null, null, null,
                null, new Steadiness("cusum", 3, 0, null, null, null)), null), false));
        Path idx = PlanFixtures.step(dir, "p-after", plans(plan("NewOrder.getStock", 5L, SEQ)));
        Path wal = PlanFixtures.step(dir, "p-before", plans(plan("NewOrder.getStock", 5L, INDEX)));
        Path same = PlanFixtures.step(dir, "p-same", plans(plan("NewOrder.getStock", 5L, INDEX)));
        c.add(new Case(PlanChanged.class, "index → seq scan", captured(idx, wal, MOVED), true));
        c.add(new Case(PlanChanged.class, "same plan", captured(same, wal, MOVED), false));
        Path before = profile("cpu-before", Map.of("postgres;main;ExecScan;heap_getnext", 300L, "postgres;main;pread64", 100L));
        Path after = profile("cpu-after", Map.of("postgres;main;ExecScan;heap_getnext", 180L,
                "postgres;main;StrategyGetBuffer", 120L, "postgres;main;pread64", 100L));
        Path close = profile("cpu-close", Map.of("postgres;main;ExecScan;heap_getnext", 290L, "postgres;main;pread64", 110L));
        c.add(new Case(ServerCpuMoved.class, "0 → 30 %", captured(after, before, MOVED), true));
        c.add(new Case(ServerCpuMoved.class, "25 → 27.5 %", captured(close, before, MOVED), false));
        Path slow = statements("s-after", 1000, 400);
        Path fast = statements("s-before", 1000, 100);
        Path alike = statements("s-alike", 1000, 110);
        c.add(new Case(StatementMeanChange.class, "×4.0", captured(slow, fast, MOVED), true));
        c.add(new Case(StatementMeanChange.class, "×1.1", captured(alike, fast, MOVED), false));
        c.add(new Case(StatementMeanChange.class, "×4.0 on 10 calls, one repeat", captured(statements("s-few", 10, 4),
                statements("s-few-before", 10, 1), MOVED), false));
        c.add(new Case(StatementMeanChange.class, "×4.0 in both repeats", repeats(List.of(statements("r-a1", 1000, 400),
                statements("r-a2", 1000, 420)), List.of(statements("r-b1", 1000, 100), statements("r-b2", 1000, 105))), true));
        c.add(new Case(StatementMeanChange.class, "×2.3 with repeats that overlap", repeats(List.of(statements("o-a1", 1000,
                400), statements("o-a2", 1000, 150)), List.of(statements("o-b1", 1000, 100), statements("o-b2", 1000, 140))),
                false));
        org.pgknobs.results.RunRegime relation = new org.pgknobs.results.RunRegime(50, Map.of("district", 0.62),
                Map.of("district", new org.pgknobs.results.RunRegime.TableScans(300, 0)), null, "no column");
        org.pgknobs.results.RunRegime tuple = new org.pgknobs.results.RunRegime(50, Map.of("district", 0.4),
                Map.of("district", new org.pgknobs.results.RunRegime.TableScans(194, 30_262)), null, "no column");
        c.add(new Case(SerializationRegime.class, "41 % failed, relation-level on district", regime(410, relation, null),
                true));
        c.add(new Case(SerializationRegime.class, "41 % failed, tuple-level", regime(410, tuple, null), true));
        c.add(new Case(SerializationRegime.class, "0.9 % failed", regime(9, relation, null), false));
        Map<String, org.pgknobs.results.RunRegime> split = new java.util.LinkedHashMap<>();
        split.put("r1", tuple);
        split.put("r2", relation);
        split.put("r3", tuple);
        c.add(new Case(RegimeBimodal.class, "r1, r3 tuple / r2 relation", regime(0, tuple,
                org.pgknobs.results.RegimeGroups.of(split)), true));
        c.add(new Case(RegimeBimodal.class, "all tuple-level", regime(0, tuple,
                org.pgknobs.results.RegimeGroups.of(Map.of("r1", tuple, "r2", tuple))), false));
        return c;
    }

    /** A SERIALIZABLE step of 1000 attempts with {@code failures} serialization failures and its regime measures. */
    private static WhyInput regime(long failures, org.pgknobs.results.RunRegime measures,
                                   org.pgknobs.results.RegimeGroups repeats) {
        return new WhyInput(null, Optional.empty(), Map.of(), new Evidence(null, "tpcc", Map.of(), 1000L, 1000L - failures,
                "serializable", null, null, new Evidence.Regime(measures, failures, repeats)));
    }

    /** Two steps' repeats as directories, each step's first repeat as its median. */
    private static WhyInput repeats(List<Path> after, List<Path> before) {
        return new WhyInput(null, Optional.empty(), Map.of(), new Evidence(null, "tpcc", null, null, null, null, null),
                ReadSteps.captures(after.get(0), before.get(0)), Optional.of(new Comparison("wal", null, Map.of(), null,
                after.stream().map(ReadSteps::captures).toList(), before.stream().map(ReadSteps::captures).toList(),
                Comparison.Throughput.DIFFERS, List.of())));
    }

    @Test
    void everyRuleHasACaseWhereItFiresAndOneWhereItStaysSilent() throws Exception {
        List<Case> cases = cases();
        for (WhyRule rule : WhyRules.all()) {
            assertThat(cases).as(rule.getClass().getSimpleName() + " fires somewhere")
                    .anyMatch(c -> c.rule() == rule.getClass() && c.fires());
            assertThat(cases).as(rule.getClass().getSimpleName() + " stays silent somewhere")
                    .anyMatch(c -> c.rule() == rule.getClass() && !c.fires());
        }
    }

    @Test
    void eachRuleFiresOrStaysSilentAsItsFiguresSayAndListsExactlyWhatItRead() throws Exception {
        for (Case c : cases()) {
            WhyRule rule = c.rule().getDeclaredConstructor().newInstance();
            Set<String> read = new HashSet<>();
            Optional<Reason> r = WhyRules.explainTracked(rule, c.input(), read);
            assertThat(r.isPresent()).as(c.rule().getSimpleName() + " on " + c.name()).isEqualTo(c.fires());
            if (r.isPresent()) {
                assertThat(Set.copyOf(r.get().figures())).as(c.rule().getSimpleName() + " on " + c.name()
                        + ": the figures it lists are those it read").isEqualTo(read);
            }
        }
    }

    @Test
    void aStatementShiftWithRepeatsNamesItsTest() throws Exception {
        Case c = cases().stream().filter(x -> x.name().equals("×4.0 in both repeats")).findFirst().orElseThrow();
        assertThat(new StatementMeanChange().explain(c.input())).get().extracting(Reason::text).asString()
                .contains("mean ×4.0 against wal (0.10 → 0.41 ms").contains("2 and 2 repeats, Welch p");
    }

    @Test
    void theCacheClauseOfCpuBoundComesOnlyWithAFallAndFastReads() throws Exception {
        Case fires = cases().stream().filter(c -> c.rule() == CpuBound.class && c.fires()).findFirst().orElseThrow();
        assertThat(new CpuBound().explain(fires.input())).get().extracting(Reason::text).asString()
                .endsWith("— hit ratio 99.9 % in base → 70.0 % while reads took 6.0 µs each: the misses cost CPU, not waits");
        // the same machine without a fall in hit ratio: no cause offered
        WhyInput noFall = step(none().hitRatio(0.999), Map.of("io_method", "sync"),
                evidence(machine(97, null, new MachineFacts.Reads(5000, 30, 6.0))), base(none().hitRatio(0.999), Map.of(), MOVED));
        assertThat(new CpuBound().explain(noFall)).get().extracting(Reason::text).asString().doesNotContain("cost CPU");
        // io_method worker: read_time is the wait only, so fast reads show nothing about the page cache
        WhyInput worker = step(none().hitRatio(0.70), Map.of("io_method", "worker"),
                evidence(machine(97, null, new MachineFacts.Reads(5000, 30, 6.0))), base(none().hitRatio(0.999), Map.of(), MOVED));
        assertThat(new CpuBound().explain(worker)).get().extracting(Reason::text).asString().doesNotContain("cost CPU");
        assertThat(new OsPageCacheReads().explain(worker)).get().extracting(Reason::text).asString()
                .startsWith("reads waited 6.0 µs each").doesNotContain("page cache");
    }

    @Test
    void anAaStepGetsNoComparativeLineButNoDifferenceShown() throws Exception {
        Figures same = none().hitRatio(0.99).walPerTransaction(1000).fpiShare(0.2)
                .waits(200, share("IO", "DataFileRead", 0.3, 200));
        Path p = profile("aa-before", Map.of("postgres;main;a", 300L, "postgres;main;b", 100L));
        Path q = profile("aa-after", Map.of("postgres;main;a", 300L, "postgres;main;b", 100L));
        WhyInput aa = new WhyInput(same.derived(), Optional.empty(), Map.of("shared_buffers", "128MB"),
                new Evidence(machine(97, null, null), "tpcc", null, 100L, 100L, null,
                        new Evidence.Noise("base", 1.01, 0.93, 1.10, 3, 3)),
                ReadSteps.captures(q, p), Optional.of(new Comparison("base", same.derived(), Map.of("shared_buffers", "128MB"),
                100L, List.of(ReadSteps.captures(q)), List.of(ReadSteps.captures(p)),
                Comparison.Throughput.NO_DIFFERENCE, List.of())));
        List<Reason> why = WhyRules.explain(aa);
        assertThat(why).filteredOn(r -> Reason.EXPLAINS.equals(r.role())).extracting(Reason::rule)
                .containsExactly("noise-overlap");
        assertThat(why).extracting(Reason::rule).contains("cpu-bound");
        // a shift that would pass its test is not said when throughput shows no difference
        Path moved = profile("aa-moved", Map.of("postgres;main;a", 100L, "postgres;main;b", 300L));
        WhyInput shifted = new WhyInput(null, Optional.empty(), Map.of(), Evidence.NONE, ReadSteps.captures(moved, p),
                Optional.of(new Comparison("base", null, Map.of(), null, List.of(), List.of(),
                        Comparison.Throughput.NO_DIFFERENCE, List.of())));
        assertThat(new ServerCpuMoved().explain(shifted)).isEmpty();
        assertThat(new ServerCpuMoved().explain(new WhyInput(null, Optional.empty(), Map.of(), Evidence.NONE,
                ReadSteps.captures(moved, p), Optional.of(new Comparison("base", null, Map.of(), null, List.of(), List.of(),
                        MOVED, List.of()))))).isPresent();
    }

    @Test
    void linesThatExplainComeFirstAndLinesThatHeldForTheComparedStepAreMarkedUnchanged() throws Exception {
        Reason cpuInBase = new Reason("cpu-bound", "CPU-bound", List.of("machine.cpu"));
        WhyInput in = new WhyInput(none().autovacuumPerMinute(50).hitRatio(0.70).derived(), Optional.empty(),
                Map.of("shared_buffers", "8MB"), evidence(machine(97, null, null)), Optional.empty(),
                Optional.of(new Comparison("wal", none().hitRatio(0.99).derived(), Map.of("shared_buffers", "128MB"), 100L,
                        List.of(), List.of(), MOVED, List.of(cpuInBase))));
        List<Reason> why = WhyRules.explain(in);
        // the folded line is named once, in a line of its own ("also held in wal"), before the folded line itself
        assertThat(why).extracting(Reason::rule).containsExactly("hit-ratio-drop", "autovacuum-churn", "also-held",
                "cpu-bound");
        assertThat(why).extracting(Reason::role).containsExactly(Reason.EXPLAINS, Reason.DESCRIBES, Reason.DESCRIBES,
                Reason.DESCRIBES);
        assertThat(why.get(3).unchanged()).isTrue();
        assertThat(why.get(3).asIn()).isEqualTo("wal");
        assertThat(why.get(1).unchanged()).isFalse();
        assertThat(why.get(2).unchanged()).isFalse();
        assertThat(why.get(2).text()).isEqualTo("also held in wal (lines folded): CPU-bound");
    }
}
