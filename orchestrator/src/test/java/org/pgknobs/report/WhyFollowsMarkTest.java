package org.pgknobs.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.collector.Derived;
import org.pgknobs.report.why.Comparison;
import org.pgknobs.report.why.Evidence;
import org.pgknobs.report.why.Reason;
import org.pgknobs.report.why.WhyInput;
import org.pgknobs.report.why.WhyRules;

/**
 * The why-gate follows the verdict model's mark (docs/reports.md, "The why-gate"): the steps' why-lines are said after
 * {@link VerdictModel#steps} decided the marks, from its decision. Each case is one the old gate (the plain interval
 * against the bracketed base's drift band, {@code Mark.of(interval, band)}) decided the other way.
 */
@Tag("unit")
class WhyFollowsMarkTest {

    /** A hit ratio that fell 99.9 → 70.5 %: HitRatioDrop fires, as a cause or prefixed, whatever the gate. */
    private static final Derived STEP = derived(0.705);
    private static final Derived COMPARED = derived(0.999);

    @Test
    void aStepTheModelMarksButTheOldBandDidNotGetsItsLinesAsTheyAre() {
        // ×1.10 [1.04–1.16], p 0.001, one comparison: clear of 1; the old band ×1.2 (a base spread, no trend) hid it
        EffectInterval i = slowdown("base", 1.10, 1.04, 1.16, 0.001);
        assertThat(Mark.of(i, 1.2).shown()).as("the old gate").isFalse();
        ReportData.Step decided = VerdictModel.steps(List.of(step("base", null, null), step("a7", i, null)), List.of(),
                "tpcc", VerdictModel.DriftModel.NONE).get(1);
        assertThat(decided.effect().mark()).isEqualTo(Mark.DOWN);
        assertThat(decided.diagnosis().whyGate()).isEqualTo(Comparison.Throughput.DIFFERS);
        assertThat(texts(decided)).containsExactly("client hit ratio 99.9 % in base → 70.5 %");
    }

    @Test
    void aStepTheOldGateMarkedButThePageDoesNotGetsOnlyPrefixedLines() {
        // six steps each ×1.15 [1.01–1.31], p 0.03: each clear of 1 on its own (the old gate: DIFFERS), none after Holm
        List<ReportData.Step> steps = new ArrayList<>(List.of(step("base", null, null)));
        for (int k = 1; k <= 6; k++) {
            steps.add(step("s" + k, slowdown("base", 1.15, 1.01, 1.31, 0.03), null));
        }
        assertThat(Mark.of(steps.get(1).effect().slowdownInterval(), 1).shown()).as("the old gate").isTrue();
        ReportData.Step decided = VerdictModel.steps(steps, List.of(), "tpcc", VerdictModel.DriftModel.NONE).get(1);
        assertThat(decided.effect().mark()).isEqualTo(Mark.NONE);
        assertThat(decided.diagnosis().whyGate()).isEqualTo(Comparison.Throughput.NO_DIFFERENCE);
        assertThat(texts(decided)).containsExactly("no difference shown at the page's level: ×1.15 [1.01–1.31] against "
                + "base clears 1 on its own, but not once adjusted for the page's other comparisons (the note under the "
                + "table; 3 and 3 repeats)", "differs although throughput does not: client hit ratio 99.9 % in base → "
                + "70.5 %");
    }

    @Test
    void aChainStepIsGatedOnTheStepBeforeItsLinesRead() {
        // slower than the base by far, but as fast as the step before: its lines (against the step before) are prefixed
        List<ReportData.Step> steps = List.of(step("base", null, null),
                step("a", slowdown("base", 3.0, 2.6, 3.5, 1e-6), null),
                step("b", slowdown("base", 3.1, 2.7, 3.6, 1e-6), slowdown("a", 1.03, 0.95, 1.12, 0.4)),
                step("c", slowdown("base", 9.0, 7.5, 11.0, 1e-7), slowdown("b", 2.9, 2.4, 3.5, 1e-6)));
        List<ReportData.Step> decided = VerdictModel.steps(steps, List.of(), "tpcc", VerdictModel.DriftModel.NONE);
        assertThat(decided.get(2).effect().mark()).isEqualTo(Mark.DOWN);
        assertThat(decided.get(2).diagnosis().whyGate()).isEqualTo(Comparison.Throughput.NO_DIFFERENCE);
        assertThat(texts(decided.get(2))).last().asString().startsWith("differs although throughput does not: ");
        assertThat(decided.get(3).diagnosis().whyGate()).isEqualTo(Comparison.Throughput.DIFFERS);
        assertThat(texts(decided.get(3))).containsExactly("client hit ratio 99.9 % in b → 70.5 %");
        // the table's note: a family per column, 3 against the base, 2 against the step before
        ReportData.Run run = new ReportData.Run(null, null, null, "cumulative", null, null, null, "base", decided,
                List.of(), null, null);
        assertThat(VerdictModel.note(run, null)).contains("over the 3 comparisons of this table")
                .contains("Holm's step-down at 5 % over its 2 comparisons");
    }

    /** The why-lines as StepBuilder.said says them from the decided step: its gate, its decided interval. */
    private static List<String> texts(ReportData.Step decided) {
        EffectInterval i = decided.effect().stepBeforeInterval() != null ? decided.effect().stepBeforeInterval()
                : decided.effect().slowdownInterval();
        Comparison.Throughput gate = WhyComparison.throughput(decided.diagnosis().whyGate(), i,
                List.of(1.0, 2.0, 3.0), List.of(1.0, 2.0, 3.0));
        Evidence.Noise noise = new Evidence.Noise(i.against(), i.ratio(), i.lower(), i.upper(), i.n(), i.referenceN());
        WhyInput in = new WhyInput(STEP, Optional.empty(), Map.of(), new Evidence(null, "tpcc", null, 100L, 100L, null,
                noise), Optional.empty(), Optional.of(new Comparison(i.against(), COMPARED, Map.of(), 100L, List.of(),
                List.of(), gate, List.of())));
        return WhyRules.explain(in).stream().map(Reason::text).toList();
    }

    private static EffectInterval slowdown(String against, double ratio, double lower, double upper, double p) {
        return new EffectInterval(against, "welch-log", 3, 3, ratio, lower, upper, 0.95, p, null, null);
    }

    private static ReportData.Step step(String name, EffectInterval vsBase, EffectInterval vsBefore) {
        ReportData.Effect e = new ReportData.Effect(new Stat(100, 90, 110, 3), null, vsBase == null ? null
                : vsBase.ratio(), vsBase, vsBefore, false, null, null, null, null, null, Mark.NONE);
        return new ReportData.Step(1, name, "done", null, 3, 2, e, null, null, null,
                new ReportData.Diagnosis(List.of(), null), null);
    }

    private static Derived derived(double hitRatio) {
        return new Derived(10, new Derived.Transactions(null, "caller", 10.0), hitRatio,
                new Derived.Wal(null, null, null, null), null, null, new Derived.Maintenance(null, null, null, null),
                null, null, new Derived.Waits(0, null), null);
    }
}
