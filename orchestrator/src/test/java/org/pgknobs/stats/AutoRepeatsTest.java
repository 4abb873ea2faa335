package org.pgknobs.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** {@code repeats: auto}'s stopping rule on crafted sequences of repeats, and its resume. */
@Tag("unit")
class AutoRepeatsTest {

    private static final AutoRepeats MIN_3_MAX_6_TARGET_3 = new AutoRepeats(3, 6, 0.03);
    private static final List<String> STEPS = List.of("base", "b");
    private static final List<Comparison> AGAINST_BASE = Comparison.againstBase(STEPS, "base");

    private static Map<String, List<Double>> samples(List<Double> base, List<Double> b) {
        Map<String, List<Double>> samples = new LinkedHashMap<>();
        samples.put("base", base);
        samples.put("b", b);
        return samples;
    }

    @Test
    void neverStopsBeforeMinEvenWhenTheIntervalIsAlreadyClear() {
        RoundsDecision decision = MIN_3_MAX_6_TARGET_3.decide(
                samples(List.of(1000.0, 1002.0), List.of(1500.0, 1503.0)), AGAINST_BASE);

        assertThat(decision.stop()).isFalse();
        assertThat(decision.reason()).isEqualTo(RoundsDecision.Reason.BELOW_MIN);
        assertThat(decision.comparisons()).singleElement().satisfies(s -> assertThat(s.clearOfOne()).isTrue());
    }

    @Test
    void stopsWhenEveryIntervalIsClearOfOne() {
        RoundsDecision decision = MIN_3_MAX_6_TARGET_3.decide(
                samples(List.of(1000.0, 1040.0, 960.0), List.of(1500.0, 1560.0, 1440.0)), AGAINST_BASE);

        assertThat(decision.stop()).isTrue();
        assertThat(decision.reason()).isEqualTo(RoundsDecision.Reason.SETTLED);
        assertThat(decision.comparisons()).singleElement().satisfies(s -> {
            assertThat(s.clearOfOne()).isTrue();
            assertThat(s.narrowEnough()).as("±4 % repeats at 3 rounds: wider than 3 %").isFalse();
        });
        assertThat(decision.why()).startsWith("stop: every interval is clear of 1 or narrower than the target after 3");
    }

    @Test
    void stopsWhenAnIntervalHoldingOneIsNarrowerThanTheTarget() {
        RoundsDecision decision = MIN_3_MAX_6_TARGET_3.decide(
                samples(List.of(1000.0, 1001.0, 999.0), List.of(1000.5, 999.5, 1000.0)), AGAINST_BASE);

        assertThat(decision.reason()).isEqualTo(RoundsDecision.Reason.SETTLED);
        assertThat(decision.comparisons()).singleElement().satisfies(s -> {
            assertThat(s.clearOfOne()).isFalse();
            assertThat(s.narrowEnough()).isTrue();
        });
    }

    @Test
    void continuesWhileAWideIntervalHoldsOne() {
        RoundsDecision decision = MIN_3_MAX_6_TARGET_3.decide(
                samples(List.of(1000.0, 1100.0, 900.0), List.of(1050.0, 950.0, 1000.0)), AGAINST_BASE);

        assertThat(decision.stop()).isFalse();
        assertThat(decision.reason()).isEqualTo(RoundsDecision.Reason.UNSETTLED);
        assertThat(decision.why()).isEqualTo("continue: 1 of 1 intervals hold 1 and are wider than the target after 3"
                + " rounds (b)");
    }

    @Test
    void stopsAtMaxRoundsAndNamesWhatDidNotSettle() {
        RoundsDecision decision = MIN_3_MAX_6_TARGET_3.decide(samples(
                List.of(1000.0, 1100.0, 900.0, 1050.0, 950.0, 1000.0),
                List.of(1050.0, 950.0, 1000.0, 900.0, 1100.0, 1010.0)), AGAINST_BASE);

        assertThat(decision.stop()).isTrue();
        assertThat(decision.reason()).isEqualTo(RoundsDecision.Reason.MAX_ROUNDS);
        assertThat(decision.why()).isEqualTo("stop: max 6 rounds reached, unsettled: b");
    }

    @Test
    void finishesAnInterruptedRoundBeforeDecidingAnythingElse() {
        RoundsDecision decision = MIN_3_MAX_6_TARGET_3.decide(
                samples(List.of(1000.0, 1040.0, 960.0, 1000.0), List.of(1500.0, 1560.0, 1440.0)), AGAINST_BASE);

        assertThat(decision.stop()).isFalse();
        assertThat(decision.reason()).isEqualTo(RoundsDecision.Reason.ROUND_INCOMPLETE);
        assertThat(decision.rounds()).isEqualTo(3);
    }

    @Test
    void everyComparisonMustSettleAgainstTheStepBeforeToo() {
        List<String> steps = List.of("base", "b", "c");
        Map<String, List<Double>> samples = new LinkedHashMap<>(samples(List.of(1000.0, 1040.0, 960.0),
                List.of(1500.0, 1560.0, 1440.0)));
        samples.put("c", List.of(1550.0, 1400.0, 1600.0));

        RoundsDecision decision = MIN_3_MAX_6_TARGET_3.decide(samples, Comparison.againstStepBefore(steps));

        assertThat(decision.reason()).isEqualTo(RoundsDecision.Reason.UNSETTLED);
        assertThat(decision.comparisons()).extracting(s -> s.comparison().step() + ":" + s.settled())
                .containsExactly("b:true", "c:false");
    }

    /**
     * A runner loop over a fixed sequence of throughputs (what step s measures in round r): interrupted after any
     * number of step runs, and resumed from the repeats it had recorded, it stops after the same rounds for the same
     * reason as the run that was never interrupted.
     */
    @Test
    void aResumedRunDecidesAsTheUninterruptedOne() {
        AutoRepeats policy = new AutoRepeats(2, 10, 0.03);
        List<String> steps = List.of("base", "b", "c");
        List<Comparison> comparisons = Comparison.againstBase(steps, "base");
        Map<String, List<Double>> uninterrupted = run(policy, steps, comparisons, emptySamples(steps), Integer.MAX_VALUE);
        RoundsDecision whole = policy.decide(uninterrupted, comparisons);
        assertThat(whole.reason()).as("the crafted sequence settles inside max").isEqualTo(RoundsDecision.Reason.SETTLED);
        assertThat(whole.rounds()).isBetween(3, 9);

        for (int cut = 1; cut < whole.rounds() * steps.size(); cut++) {
            Map<String, List<Double>> onDisk = run(policy, steps, comparisons, emptySamples(steps), cut);
            Map<String, List<Double>> resumed = run(policy, steps, comparisons, onDisk, Integer.MAX_VALUE);

            assertThat(resumed).as("cut after %d step runs", cut).isEqualTo(uninterrupted);
            assertThat(policy.decide(resumed, comparisons)).isEqualTo(whole);
        }
    }

    @Test
    void anExperimentWithNothingToCompareStopsAtMin() {
        Map<String, List<Double>> samples = new LinkedHashMap<>();
        samples.put("base", List.of(1000.0, 1100.0));
        assertThat(MIN_3_MAX_6_TARGET_3.decide(samples, List.of()).reason()).isEqualTo(RoundsDecision.Reason.BELOW_MIN);

        samples.put("base", List.of(1000.0, 1100.0, 900.0));
        assertThat(MIN_3_MAX_6_TARGET_3.decide(samples, List.of()).reason()).isEqualTo(RoundsDecision.Reason.SETTLED);
    }

    @Test
    void rejectsAMinBelowTwo() {
        assertThatThrownBy(() -> new AutoRepeats(1, 5, 0.03)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2 <= min <= max");
    }

    private static Map<String, List<Double>> emptySamples(List<String> steps) {
        Map<String, List<Double>> samples = new LinkedHashMap<>();
        steps.forEach(s -> samples.put(s, new ArrayList<>()));
        return samples;
    }

    /** Runs step after step, round after round, asking the rule at each round's end; stops after {@code budget} runs. */
    private static Map<String, List<Double>> run(AutoRepeats policy, List<String> steps, List<Comparison> comparisons,
            Map<String, List<Double>> recorded, int budget) {
        Map<String, List<Double>> samples = new LinkedHashMap<>();
        recorded.forEach((step, values) -> samples.put(step, new ArrayList<>(values)));
        int runs = 0;
        while (!policy.decide(samples, comparisons).stop()) {
            int round = samples.values().stream().mapToInt(List::size).min().orElse(0);
            for (int s = 0; s < steps.size(); s++) {
                List<Double> repeats = samples.get(steps.get(s));
                if (repeats.size() == round) {
                    if (runs++ == budget) {
                        return samples;
                    }
                    repeats.add(measured(s, round));
                }
            }
        }
        return samples;
    }

    /** base ≈ 1,000, b ≈ 1,150, c ≈ 1,010, each with a fixed wobble of a few per cent by round. */
    private static double measured(int step, int round) {
        double[] level = {1000, 1150, 1010};
        double[] wobble = {0.02, -0.015, 0.01, -0.02, 0.005, 0.015, -0.01, 0, 0.012, -0.006};
        return level[step] * (1 + wobble[(round + 3 * step) % wobble.length]);
    }
}
