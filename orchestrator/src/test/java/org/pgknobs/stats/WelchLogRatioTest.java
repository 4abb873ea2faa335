package org.pgknobs.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.apache.commons.statistics.inference.TTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Welch's interval on logs against values worked out by hand from the formulas and a printed t table. */
@Tag("unit")
class WelchLogRatioTest {

    /**
     * 3 vs 3 with equal spread, so Welch's ν is an integer a table has. Logs: base {0, 0.1, 0.2}, step
     * {0.3, 0.4, 0.5}. Means 0.1 and 0.4, d = 0.3; variances (0.01 + 0 + 0.01) / 2 = 0.01 each;
     * SE = sqrt(0.01/3 + 0.01/3) = 0.0816497; t = 0.3 / 0.0816497 = 3.674235;
     * ν = (0.02/3)² / (2 · (0.01/3)² / 2) = 4. Table (e.g. NIST/SEMATECH e-Handbook 1.3.6.7.2): t(0.975, 4) = 2.776,
     * half-width 2.776 · 0.0816497 = 0.226660, interval exp(0.3 ± 0.226660) = [1.07611, 1.69334], ratio
     * exp(0.3) = 1.349859. p: for ν = 4 the t CDF is closed-form, F(t) = 1/2 + (3/8) · (t / sqrt(1 + t²/4)) ·
     * (1 − t² / (12 (1 + t²/4))); t²/4 = 3.375, sqrt(4.375) = 2.091650, F = 0.5 + 0.375 · 1.756620 · 0.742857
     * = 0.9893442, p = 2 (1 − F) = 0.0213116.
     */
    @Test
    void threeAgainstThreeWithEqualSpreadMatchesTheHandWorkedInterval() {
        RatioInterval interval = (RatioInterval) WelchLogRatio.estimate(FromLogs.values(0, 0.1, 0.2),
                FromLogs.values(0.3, 0.4, 0.5));

        assertThat(interval.ratio()).isCloseTo(1.349859, within(1e-6));
        // the table's 3 decimals of t move the ends by at most 0.0005 · 0.0816 in logs
        assertThat(interval.lower()).isCloseTo(1.07611, within(1e-4));
        assertThat(interval.upper()).isCloseTo(1.69334, within(1e-4));
        assertThat(interval.pValue()).isCloseTo(0.0213116, within(1e-7));
        assertThat(interval.confidence()).isEqualTo(0.95);
        assertThat(interval.containsOne()).isFalse();
    }

    /**
     * Unequal spread: logs base {0, 0.1, 0.2} (variance 0.01), step {0.2, 0.4, 0.6} (variance 0.04). d = 0.3,
     * SE² = 0.01/3 + 0.04/3 = 0.0166667, SE = 0.1290994, t = 2.323790, ν = (0.05/3)² / ((0.01/3)²/2 + (0.04/3)²/2)
     * = 0.0025 / 0.00085 = 50/17 = 2.941176. A table has no ν = 2.94: interpolating t(0.975) linearly in 1/ν between
     * ν = 2 (4.303) and ν = 3 (3.182), the usual way to read such tables: 1/ν = 0.34 lies 0.96 of the way, t ≈ 4.303
     * − 0.96 · 1.121 = 3.227 (good to about 0.3 %). So the half-width is about 3.227 · 0.1290994 = 0.4166 and the
     * interval about exp(0.3 ± 0.4166) = [0.8899, 2.0474]: it holds 1.
     */
    @Test
    void unequalSpreadUsesWelchSatterthwaiteDegreesOfFreedom() {
        double[] base = FromLogs.values(0, 0.1, 0.2);
        double[] step = FromLogs.values(0.2, 0.4, 0.6);
        RatioInterval interval = (RatioInterval) WelchLogRatio.estimate(base, step);

        TTest.Result test = TTest.withDefaults().test(Arrays.stream(step).map(Math::log).toArray(),
                Arrays.stream(base).map(Math::log).toArray());
        assertThat(test.getDegreesOfFreedom()).isCloseTo(50.0 / 17, within(1e-9));
        assertThat(test.getStatistic()).isCloseTo(2.323790, within(1e-6));
        double halfWidth = Math.log(interval.upper() / interval.ratio());
        assertThat(halfWidth / 0.1290994).isCloseTo(3.227, within(3.227 * 0.005));
        assertThat(interval.lower()).isCloseTo(0.8899, within(0.004));
        assertThat(interval.upper()).isCloseTo(2.0474, within(0.01));
        assertThat(interval.containsOne()).isTrue();
    }

    @Test
    void oneRepeatOnEitherSideGivesNoIntervalAndSaysWhy() {
        RatioResult oneBase = WelchLogRatio.estimate(new double[] {100}, new double[] {110, 120});
        RatioResult oneStep = WelchLogRatio.estimate(new double[] {100, 105}, new double[] {110});

        assertThat(oneBase).isInstanceOfSatisfying(NoInterval.class, n -> {
            assertThat(n.reason()).startsWith("1 repeat of the base");
            assertThat(n.repeatsNeeded()).isEqualTo(2);
        });
        assertThat(oneStep).isInstanceOfSatisfying(NoInterval.class,
                n -> assertThat(n.reason()).startsWith("1 repeat of the step"));
    }

    @Test
    void identicalRepeatsGiveNoIntervalRatherThanAPoint() {
        assertThat(WelchLogRatio.estimate(new double[] {100, 100}, new double[] {120, 120}))
                .isInstanceOfSatisfying(NoInterval.class, n -> assertThat(n.reason()).contains("no spread"));
    }

    @Test
    void aZeroThroughputIsRejectedWithTheSideNamed() {
        assertThatThrownBy(() -> WelchLogRatio.estimate(new double[] {100, 0}, new double[] {110, 120}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("base holds 0.0");
    }

    @Test
    void relativeHalfWidthIsTheLogHalfWidthTakenBack() {
        RatioInterval interval = new RatioInterval("x", 1.0, Math.exp(-0.03), Math.exp(0.03), 0.95, 0.5);

        assertThat(interval.relativeHalfWidth()).isCloseTo(Math.expm1(0.03), within(1e-12));
    }
}
