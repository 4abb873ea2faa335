package org.pgknobs.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.report.captures.StepCaptures;
import org.pgknobs.report.why.Evidence;
import org.pgknobs.report.why.NotSteady;
import org.pgknobs.report.why.Reason;
import org.pgknobs.report.why.Steadiness;
import org.pgknobs.report.why.WhyInput;
import org.pgknobs.report.why.WhyRules;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.WorkloadResult;

/** The steady-state mark and why-line on crafted 60 s windows: a ramp and a level shift fire, flat noise does not. */
@Tag("unit")
class WindowSteadinessTest {

    private static StepRun run(int repeat, IntToDoubleFunction level, long seed) {
        Random noise = new Random(seed);
        List<StepRun.Point> points = new ArrayList<>();
        for (int t = 0; t < 60; t++) {
            points.add(new StepRun.Point(t, level.applyAsDouble(t) * (1 + 0.03 * noise.nextGaussian())));
        }
        WorkloadResult w = new WorkloadResult("tpcc", "builtin",
                List.of(new PhaseResult("tpcc", 1000, 1000, 60_000, 0, 60, null, Map.of())), "tpcc");
        return new StepRun(1, "s", repeat, "s", StepStatus.DONE, null, new StepResult(1, "s", repeat,
                StepStatus.DONE, null, Instant.EPOCH, Instant.EPOCH, null, Map.of(), w, null), Map.of(), null,
                new StepRun.Series(points, List.of(), Map.of()), StepCaptures.NONE);
    }

    private static List<Reason> why(Steadiness s) {
        return WhyRules.explain(new WhyInput(null, Optional.empty(), Map.of(),
                new Evidence(null, "tpcc", null, null, null, null, null, s)));
    }

    @Test
    void aLevelShiftIsNotSteadyAndTheWhyLineSaysByHowMuch() {
        Steadiness s = WindowSteadiness.of(List.of(run(1, t -> 1000, 1), run(2, t -> t < 30 ? 1000 : 1300, 2)));
        assertThat(s.tested()).isEqualTo(2);
        assertThat(s.notSteady()).isEqualTo(1);
        assertThat(s.repeat()).isEqualTo(2);
        assertThat(s.change()).isBetween(0.25, 0.35);
        assertThat(why(s)).extracting(Reason::text).anySatisfy(text -> assertThat(text)
                .startsWith("not steady: +3").contains("% across the window (cusum-circular-block-permutation, p ")
                .endsWith("; 1 of 2 repeats, largest in r2)"));
    }

    @Test
    void aRampIsNotSteady() {
        Steadiness s = WindowSteadiness.of(List.of(run(1, t -> 1000 + 5 * t, 3)));
        assertThat(s.steady()).isFalse();
        assertThat(s.change()).isPositive();
        assertThat(new NotSteady().explain(new WhyInput(null, Optional.empty(), Map.of(),
                new Evidence(null, "tpcc", null, null, null, null, null, s)))).isPresent();
    }

    @Test
    void flatNoiseIsSteadyAndSilent() {
        Steadiness s = WindowSteadiness.of(List.of(run(1, t -> 1000, 4), run(2, t -> 1000, 5), run(3, t -> 1000, 6)));
        assertThat(s.steady()).isTrue();
        assertThat(s.change()).isNull();
        assertThat(why(s)).extracting(Reason::rule).doesNotContain("not-steady");
    }

    @Test
    void aWindowTooShortToTestIsNeitherMarkedNorCounted() {
        StepRun shortRun = run(1, t -> 1000, 7);
        StepRun six = new StepRun(1, "s", 1, shortRun.dir(), StepStatus.DONE, null, shortRun.result(), Map.of(), null,
                new StepRun.Series(shortRun.perSecond().subList(0, 6), List.of(), Map.of()), StepCaptures.NONE);
        assertThat(WindowSteadiness.of(List.of(six))).isNull();
    }
}
