package org.pgknobs.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.plan.ExperimentPlan;
import org.pgknobs.experiment.plan.PlannedRun;
import org.pgknobs.experiment.yaml.ExperimentLoader;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteLayout;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.results.WorkloadResult;

/**
 * repeats: auto in a suite, on crafted result directories: which condition stops the rounds, what the next round
 * runs, what suite.json records, and that a resumed directory gets the decision and the rounds it had.
 */
@Tag("unit")
class AutoRoundsTest {

    @TempDir
    Path dir;

    private ExperimentPlan plan(String mode, String auto) throws IOException {
        Path file = dir.resolve("exp.yaml");
        Files.writeString(file, """
                name: t
                mode: %s
                steps:
                  - name: base
                  - name: a
                    settings: {work_mem: 8MB}
                  - name: b
                    settings: {work_mem: 16MB}
                repeats: {auto: %s}
                bracket: false
                """.formatted(mode, auto));
        Experiment e = ExperimentLoader.load(file, Optional.empty(), List.of());
        return ExperimentPlan.of(e);
    }

    /** A result directory whose runs, in interleaved order, measured these throughputs (null: the run failed). */
    private List<SuiteRecord.Entry> results(SuiteLayout layout, ExperimentPlan plan, Map<String, List<Double>> byStep) {
        int rounds = byStep.values().iterator().next().size();
        List<SuiteRecord.Entry> entries = new ArrayList<>();
        for (PlannedRun p : plan.runs(rounds)) {
            Path d = StepOrder.dir(layout, p);
            Double tps = byStep.get(p.step().name()).get(p.repeat() - 1);
            StepStatus status = tps == null ? StepStatus.FAILED : StepStatus.DONE;
            WorkloadResult w = tps == null ? null : new WorkloadResult("tpcc", "builtin",
                    List.of(new PhaseResult("tpcc", tps, tps, Math.round(tps * 10), 0, 10, null, Map.of())), "tpcc");
            JsonFiles.write(SuiteLayout.stepJson(d), new StepResult(p.step().index(), p.step().name(), p.repeat(),
                    status, tps == null ? "boom" : null, Instant.EPOCH, Instant.EPOCH, null, Map.of(), w, null));
            entries.add(new SuiteRecord.Entry(p.step().index(), p.step().name(), p.repeat(),
                    layout.root().relativize(d).toString(), status, null));
        }
        return entries;
    }

    private AutoRounds.Decision decide(ExperimentPlan plan, Map<String, List<Double>> byStep) {
        SuiteLayout layout = new SuiteLayout(dir.resolve("r"));
        return new AutoRounds(plan.experiment().measurement().autoRepeats().get(), plan).afterRound(layout, results(layout, plan, byStep));
    }

    @Test
    void clearEffectsStopAtMinWithEveryStepClearOfOne() throws IOException {
        ExperimentPlan plan = plan("variants", "{min: 2, max: 6, target: 1%}");
        AutoRounds.Decision d = decide(plan, Map.of("base", List.of(1000.0, 1010.0), "a", List.of(800.0, 805.0),
                        "b", List.of(1300.0, 1290.0)));
        assertThat(d.nextRound()).isEmpty();
        assertThat(d.record().stopped()).isTrue();
        assertThat(d.record().reason()).isEqualTo("settled");
        assertThat(d.record().rounds()).isEqualTo(2);
        assertThat(d.record().comparisons()).extracting(SuiteRecord.RoundComparison::step,
                SuiteRecord.RoundComparison::reference, SuiteRecord.RoundComparison::condition)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("a", "base", "clear-of-1"),
                        org.assertj.core.groups.Tuple.tuple("b", "base", "clear-of-1"));
    }

    @Test
    void aWideIntervalHoldingOneRunsAnotherRoundOfEveryComparedStep() throws IOException {
        ExperimentPlan plan = plan("variants", "{min: 2, max: 6, target: 3%}");
        AutoRounds.Decision d = decide(plan, Map.of("base", List.of(1000.0, 1010.0), "a", List.of(1100.0, 950.0),
                        "b", List.of(1300.0, 1290.0)));
        assertThat(d.record().stopped()).isFalse();
        assertThat(d.record().reason()).isEqualTo("unsettled");
        assertThat(d.record().why()).contains("(a)");
        assertThat(d.nextRound()).extracting(PlannedRun::label).containsExactly("base r3", "a r3", "b r3");
        assertThat(d.record().comparisons()).filteredOn(c -> c.step().equals("a"))
                .extracting(SuiteRecord.RoundComparison::condition).containsExactly("unsettled");
    }

    @Test
    void aNarrowIntervalHoldingOneSettles() throws IOException {
        ExperimentPlan plan = plan("variants", "{min: 3, max: 6, target: 3%}");
        AutoRounds.Decision d = decide(plan, Map.of("base", List.of(1000.0, 1002.0, 998.0), "a", List.of(1001.0, 999.0, 1000.5),
                        "b", List.of(700.0, 702.0, 701.0)));
        assertThat(d.nextRound()).isEmpty();
        assertThat(d.record().comparisons()).filteredOn(c -> c.step().equals("a"))
                .extracting(SuiteRecord.RoundComparison::condition).containsExactly("narrower-than-target");
        assertThat(d.record().comparisons()).filteredOn(c -> c.step().equals("a")).first()
                .satisfies(c -> assertThat(c.lower()).isLessThan(1).isPositive())
                .satisfies(c -> assertThat(c.halfWidth()).isLessThanOrEqualTo(0.03));
    }

    @Test
    void unsettledDataStopsAtMax() throws IOException {
        ExperimentPlan plan = plan("variants", "{min: 2, max: 3, target: 1%}");
        AutoRounds.Decision d = decide(plan, Map.of("base", List.of(1000.0, 1200.0, 900.0), "a", List.of(1100.0, 950.0, 1000.0),
                        "b", List.of(1300.0, 1290.0, 1310.0)));
        assertThat(d.nextRound()).isEmpty();
        assertThat(d.record().reason()).isEqualTo("max-rounds");
        assertThat(d.record().why()).contains("unsettled: a");
    }

    @Test
    void aStepWithAFailedRepeatLeavesTheComparisonsAndRunsNoMoreRounds() throws IOException {
        ExperimentPlan plan = plan("variants", "{min: 2, max: 6, target: 3%}");
        SuiteLayout layout = new SuiteLayout(dir.resolve("r"));
        java.util.Map<String, List<Double>> data = new java.util.HashMap<>();
        data.put("base", List.of(1000.0, 1200.0));
        data.put("a", List.of(1100.0, 950.0));
        data.put("b", java.util.Arrays.asList(1300.0, null));
        AutoRounds.Decision d = new AutoRounds(plan.experiment().measurement().autoRepeats().get(), plan).afterRound(layout,
                results(layout, plan, data));
        assertThat(d.nextRound()).extracting(PlannedRun::label).containsExactly("base r3", "a r3");
        assertThat(d.record().comparisons()).filteredOn(c -> c.step().equals("b")).first()
                .satisfies(c -> assertThat(c.condition()).isEqualTo("not-compared"))
                .satisfies(c -> assertThat(c.note()).isEqualTo("b r2 is failed"));
    }

    @Test
    void belowMinEveryLiveStepRunsAgainAndAStepThatCompletedNothingDoesNot() throws IOException {
        ExperimentPlan plan = plan("cumulative", "{min: 2, max: 2, target: 3%}");
        AutoRounds.Decision d = decide(plan, Map.of("base", List.of(1000.0), "a", List.of(800.0), "b", List.of(0.0)));
        assertThat(d.record().reason()).isEqualTo("below-min");
        assertThat(d.nextRound()).extracting(PlannedRun::label).containsExactly("base r2", "a r2");
        assertThat(d.record().comparisons()).filteredOn(c -> c.step().equals("b")).first()
                .satisfies(c -> assertThat(c.condition()).isEqualTo("not-compared"))
                .satisfies(c -> assertThat(c.note()).isEqualTo("b r1 completed nothing"));
    }

    @Test
    void aCumulativeChainComparesEachStepWithTheOneBefore() throws IOException {
        ExperimentPlan plan = plan("cumulative", "{min: 2, max: 6, target: 3%}");
        AutoRounds.Decision d = decide(plan, Map.of("base", List.of(1000.0, 1010.0), "a", List.of(800.0, 805.0),
                        "b", List.of(810.0, 790.0)));
        assertThat(d.record().comparisons()).extracting(SuiteRecord.RoundComparison::step,
                SuiteRecord.RoundComparison::reference, SuiteRecord.RoundComparison::condition)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("a", "base", "clear-of-1"),
                        org.assertj.core.groups.Tuple.tuple("b", "a", "unsettled"));
        assertThat(d.nextRound()).hasSize(3);
    }

    @Test
    void aResumedDirectoryKeepsItsRoundsAndGetsTheSameDecision() throws IOException {
        ExperimentPlan plan = plan("variants", "{min: 2, max: 6, target: 3%}");
        SuiteLayout layout = new SuiteLayout(dir.resolve("r"));
        List<SuiteRecord.Entry> entries = results(layout, plan, Map.of("base", List.of(1000.0, 1200.0, 1100.0),
                "a", List.of(1100.0, 950.0, 1000.0), "b", List.of(1300.0, 1290.0, 1310.0)));
        AutoRounds rounds = new AutoRounds(plan.experiment().measurement().autoRepeats().get(), plan);
        AutoRounds.Decision uninterrupted = rounds.afterRound(layout, entries);
        SuiteRecord earlier = new SuiteRecord(new SuiteRecord.Origin("t", "t.yaml", null, List.of()),
                new SuiteRecord.Progress("interrupted", Instant.now(), Instant.now()), null, entries, null);
        assertThat(AutoRounds.roundsPlanned(plan.experiment().measurement().autoRepeats().get(), earlier))
                .as("the third round the earlier run added is planned again").isEqualTo(3);
        assertThat(AutoRounds.roundsPlanned(plan.experiment().measurement().autoRepeats().get(), null))
                .as("one round up front: the rule decides the next, below min too").isEqualTo(1);
        assertThat(rounds.runsThatMayFollow(null)).as("3 steps in rounds 2..6").isEqualTo(15);
        assertThat(rounds.runsThatMayFollow(earlier)).as("3 steps in rounds 4..6").isEqualTo(9);
        SuiteRecord reread = JsonFiles.read(writeSuite(layout, earlier), SuiteRecord.class);
        AutoRounds.Decision resumed = new AutoRounds(plan.experiment().measurement().autoRepeats().get(), plan)
                .afterRound(layout, reread.steps());
        assertThat(resumed.record()).isEqualTo(uninterrupted.record());
        assertThat(resumed.nextRound()).extracting(PlannedRun::label).containsExactly("base r4", "a r4", "b r4");
    }

    private static Path writeSuite(SuiteLayout layout, SuiteRecord record) {
        JsonFiles.write(layout.suiteJson(), record);
        return layout.suiteJson();
    }
}
