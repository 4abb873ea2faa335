package org.pgknobs.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The pooled noise model against values worked out by hand from the formulas and a printed t table. */
@Tag("unit")
class PooledLogSpreadTest {

    /**
     * Logs: base {0, 0.2}, a {0.3, 0.5}, once {0.1}. Each pair's variance 0.02, so s_p² = 0.02 on df 2 (the step
     * measured once adds nothing). The interval is at 96 % (PooledLogSpread.INTERVAL_ALPHA: the naming test's 1 %
     * spent). a ÷ base: d = 0.3, SE = sqrt(0.02 (1/2 + 1/2)) = 0.141421; for 2 df the t quantile is
     * (2q − 1) / sqrt(2q (1 − q)), so t(0.98, 2) = 0.96 / sqrt(0.0392) = 4.848732, half-width 0.685714, interval
     * exp(0.3 ± 0.685714) = [0.67996, 2.67973]. p: for 2 df the t CDF is F(t) = 1/2 + t / (2 sqrt(2 + t²));
     * t = 2.121320, t² = 4.5, F = 0.5 + 2.121320 / 5.099020 = 0.916025, two-sided 0.167950, scaled by 0.05 ÷ 0.04
     * to match the 96 % interval: 0.209937. once ÷ base: d = 0, SE = sqrt(0.02 · 1.5) = 0.173205, half-width
     * 0.839825, [0.43179, 2.31596]. Welch's would give none for once (one repeat: no spread of its own).
     */
    @Test
    void pooledIntervalsMatchTheHandWorkedOnesAndAStepMeasuredOnceGetsOne() {
        Map<String, double[]> run = new LinkedHashMap<>();
        run.put("base", FromLogs.values(0, 0.2));
        run.put("a", FromLogs.values(0.3, 0.5));
        run.put("once", FromLogs.values(0.1));
        PooledLogSpread model = PooledLogSpread.of(run);
        assertThat(model.degreesOfFreedom()).isEqualTo(2);
        assertThat(model.pooledSd()).isCloseTo(Math.sqrt(0.02), within(1e-12));
        assertThat(model.differing()).isEmpty();

        RatioInterval a = (RatioInterval) model.estimate("base", run.get("base"), "a", run.get("a"));
        assertThat(a.method()).isEqualTo(PooledLogSpread.METHOD);
        assertThat(a.ratio()).isCloseTo(Math.exp(0.3), within(1e-9));
        assertThat(a.lower()).isCloseTo(0.67996, within(1e-4));
        assertThat(a.upper()).isCloseTo(2.67973, within(1e-4));
        assertThat(a.pValue()).isCloseTo(0.209937, within(1e-6));

        RatioInterval once = (RatioInterval) model.estimate("base", run.get("base"), "once", run.get("once"));
        assertThat(once.lower()).isCloseTo(0.43179, within(1e-4));
        assertThat(once.upper()).isCloseTo(2.31596, within(1e-4));
        assertThat(WelchLogRatio.estimate(run.get("base"), run.get("once"))).isInstanceOf(NoInterval.class);
    }

    /**
     * Base and 9 steps, 3 repeats each; every step's logs {m − δ, m, m + δ} but one's {m − 4δ, m, m + 4δ}: its
     * variance is 16 times the others' pooled one, F(2, 18) = 16, P(F > 16) = (1 + 2 · 16 / 18)^−9 = 0.000102,
     * two-sided 0.000203, under Holm's first threshold 0.01 / 10 = 0.001: named, left out of the pool, and its
     * interval is Welch's on its own repeats. The others stay pooled. With 2 repeats a step the same realized ratio
     * gives F(1, 9) = 16 (t² of 4 on 9 df), two-sided p 0.0062: not named (docs/statistics.md has the simulated
     * rates).
     */
    @Test
    void aStepWhoseSpreadIsThreeTimesTheOthersIsNamedAndKeepsItsOwnWelchInterval() {
        double delta = 0.05;
        Map<String, double[]> run = new LinkedHashMap<>();
        run.put("base", FromLogs.values(-delta, 0, delta));
        for (int i = 1; i <= 9; i++) {
            double m = 0.1 * i;
            double d = i == 5 ? 4 * delta : delta;
            run.put("s" + i, FromLogs.values(m - d, m, m + d));
        }
        PooledLogSpread model = PooledLogSpread.of(run);
        assertThat(model.differing()).extracting(PooledLogSpread.SpreadTest::step).containsExactly("s5");
        assertThat(model.differing().get(0).varianceRatio()).isCloseTo(16, within(1e-9));
        assertThat(model.differing().get(0).pValue()).isCloseTo(2 * Math.pow(1 + 2.0 * 16 / 18, -9), within(1e-9));
        assertThat(model.pooled("s5")).isFalse();
        assertThat(model.degreesOfFreedom()).isEqualTo(18);
        assertThat(model.pooledSd()).isCloseTo(delta, within(1e-12));

        RatioResult own = model.estimate("base", run.get("base"), "s5", run.get("s5"));
        assertThat(own).isEqualTo(WelchLogRatio.estimate(run.get("base"), run.get("s5")));
        assertThat(((RatioInterval) model.estimate("base", run.get("base"), "s4", run.get("s4"))).method())
                .isEqualTo(PooledLogSpread.METHOD);

        Map<String, double[]> two = new LinkedHashMap<>();
        two.put("base", FromLogs.values(-delta, delta));
        for (int i = 1; i <= 9; i++) {
            double m = 0.1 * i;
            double d = i == 5 ? 4 * delta : delta;
            two.put("s" + i, FromLogs.values(m - d, m + d));
        }
        assertThat(PooledLogSpread.of(two).differing()).as("one degree of freedom per step is too little to tell")
                .isEmpty();
    }

    @Test
    void withNoSpreadMeasuredAnywhereThereIsNoIntervalAsBefore() {
        Map<String, double[]> run = Map.of("base", new double[] {700}, "a", new double[] {650});
        PooledLogSpread model = PooledLogSpread.of(run);
        assertThat(model.degreesOfFreedom()).isZero();
        assertThat(model.estimate("base", run.get("base"), "a", run.get("a")))
                .isEqualTo(WelchLogRatio.estimate(run.get("base"), run.get("a")))
                .isInstanceOf(NoInterval.class);
    }

    @Test
    void oneVeryWideStepAmongFewIsNamedAloneNotTheNarrowOnesBesideIt() {
        // three steps: against the wide one pooled with the base, aa would look narrow; the step-down names the
        // wide one first and tests the other two again without it
        Map<String, double[]> run = new LinkedHashMap<>();
        run.put("base", new double[] {950, 940, 960});
        run.put("aa", new double[] {925, 930, 936});
        run.put("wide", new double[] {1.73, 4.93, 1.20});
        PooledLogSpread model = PooledLogSpread.of(run);
        assertThat(model.differing()).extracting(PooledLogSpread.SpreadTest::step).containsExactly("wide");
        assertThat(model.pooled("aa")).isTrue();
        assertThat(model.degreesOfFreedom()).isEqualTo(4);
    }
}
