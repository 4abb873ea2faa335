package org.pgknobs.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The Hodges–Lehmann interval's ends against the published two-sided α = 0.05 critical values of the Mann–Whitney
 * U (e.g. the tables in Hollander &amp; Wolfe, "Nonparametric statistical methods", or Siegel &amp; Castellan,
 * "Nonparametric statistics", table J): U_crit = 0 for 4 vs 4, 2 for 5 vs 5, 23 for 10 vs 10, and none for 3 vs
 * 3. The interval is [D_(U_crit+1), D_(mn−U_crit)] of the sorted pairwise log differences (Lehmann 1975, §2.6).
 */
@Tag("unit")
class HodgesLehmannLogRatioTest {

    /**
     * Logs base 0.01·j (j = 0..4), step 0.1 + 0.013·i (i = 0..4): the differences are 0.1 + 0.001 · (13i − 10j), all
     * distinct. Sorted, 13i − 10j runs −40, −30, −27, −20, ..., 32, 39, 42, 52; the 3rd is −27, the 23rd 39 and the
     * median (13th) 6. So the interval is [exp(0.073), exp(0.139)] and the estimate exp(0.106). Its exact level is
     * 1 − 2 · P(U ≤ 2) = 1 − 2 · 4/252 = 0.968254 (U ≤ 2 counts 1 + 1 + 2 of the C(10, 5) = 252 rankings).
     */
    @Test
    void fiveAgainstFiveIsTheThirdSmallestToThirdLargestDifference() {
        double[] base = FromLogs.values(0, 0.01, 0.02, 0.03, 0.04);
        double[] step = FromLogs.values(0.1, 0.113, 0.126, 0.139, 0.152);

        RatioInterval interval = (RatioInterval) HodgesLehmannLogRatio.estimate(base, step);

        assertThat(Math.log(interval.lower())).isCloseTo(0.073, within(1e-12));
        assertThat(Math.log(interval.upper())).isCloseTo(0.139, within(1e-12));
        assertThat(Math.log(interval.ratio())).isCloseTo(0.106, within(1e-12));
        assertThat(interval.confidence()).isCloseTo(1 - 8.0 / 252, within(1e-12));
        // no overlap: U = 25 of 25, the smallest two-sided p of 5 vs 5, 2 / 252
        assertThat(interval.pValue()).isCloseTo(2.0 / 252, within(1e-12));
    }

    /** U_crit = 0 at 4 vs 4: the interval runs from the smallest to the largest difference, level 1 − 2/70. */
    @Test
    void fourAgainstFourSpansAllDifferences() {
        double[] base = FromLogs.values(0, 0.01, 0.02, 0.03);
        double[] step = FromLogs.values(0.1, 0.113, 0.126, 0.139);

        RatioInterval interval = (RatioInterval) HodgesLehmannLogRatio.estimate(base, step);

        // 13i − 10j for i, j in 0..3 runs from −30 to 39
        assertThat(Math.log(interval.lower())).isCloseTo(0.070, within(1e-12));
        assertThat(Math.log(interval.upper())).isCloseTo(0.139, within(1e-12));
        assertThat(interval.confidence()).isCloseTo(1 - 2.0 / 70, within(1e-12));
    }

    /** U_crit = 23 at 10 vs 10: the 24th smallest and the 24th largest of the 100 differences. */
    @Test
    void tenAgainstTenUsesThePublishedCriticalValue() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(10L);
        double[] base = new double[10];
        double[] step = new double[10];
        Arrays.setAll(base, i -> 1000 * (1 + 0.1 * rng.nextDouble()));
        Arrays.setAll(step, i -> 1100 * (1 + 0.1 * rng.nextDouble()));
        double[] differences = new double[100];
        for (int i = 0; i < 10; i++) {
            for (int j = 0; j < 10; j++) {
                differences[10 * i + j] = Math.log(step[i]) - Math.log(base[j]);
            }
        }
        Arrays.sort(differences);

        RatioInterval interval = (RatioInterval) HodgesLehmannLogRatio.estimate(base, step);

        assertThat(Math.log(interval.lower())).isCloseTo(differences[23], within(1e-12));
        assertThat(Math.log(interval.upper())).isCloseTo(differences[100 - 24], within(1e-12));
        assertThat(Math.log(interval.ratio())).isCloseTo((differences[49] + differences[50]) / 2, within(1e-12));
    }

    /** 3 vs 3: the smallest two-sided p is 2 / C(6, 3) = 0.1, so no 95 % rank interval exists; 4 per side is enough. */
    @Test
    void threeAgainstThreeGivesNoIntervalAndSaysFourAreNeeded() {
        RatioResult result = HodgesLehmannLogRatio.estimate(new double[] {100, 101, 102}, new double[] {110, 111, 112});

        assertThat(result).isInstanceOfSatisfying(NoInterval.class, n -> {
            assertThat(n.repeatsNeeded()).isEqualTo(4);
            assertThat(n.reason()).contains("smallest p is 0.100").contains("needs 4 repeats per side");
        });
        assertThat(HodgesLehmannLogRatio.smallestPValue(3, 3)).isCloseTo(0.1, within(1e-12));
        assertThat(HodgesLehmannLogRatio.smallestPValue(3, 5)).isCloseTo(2.0 / 56, within(1e-12));
    }

    /** Unequal counts where C(m+n, m) ≥ 40 suffice: 3 vs 5 (56 rankings) gives an interval. */
    @Test
    void threeAgainstFiveIsEnoughForARankInterval() {
        assertThat(HodgesLehmannLogRatio.estimate(new double[] {100, 101, 102}, new double[] {110, 111, 112, 113, 114}))
                .isInstanceOf(RatioInterval.class);
    }

    /** One repeat on a side gives no interval even where 1 vs many could reach the level (2 / 51 at 1 vs 50). */
    @Test
    void oneRepeatOnEitherSideGivesNoInterval() {
        double[] many = new double[50];
        Arrays.setAll(many, i -> 1100 + i);

        assertThat(HodgesLehmannLogRatio.estimate(new double[] {1000}, many)).isInstanceOfSatisfying(NoInterval.class,
                n -> assertThat(n.reason()).startsWith("1 repeat of the base: no spread"));
    }
}
