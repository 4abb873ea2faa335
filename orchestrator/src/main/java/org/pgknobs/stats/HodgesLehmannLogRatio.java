package org.pgknobs.stats;

import java.util.Arrays;
import java.util.Locale;
import org.apache.commons.statistics.descriptive.Median;
import org.apache.commons.statistics.inference.MannWhitneyUTest;
import org.apache.commons.statistics.inference.PValueMethod;

/**
 * The distribution-free companion: the Hodges–Lehmann shift of log(step) against log(base), with the exact
 * confidence interval that inverts the Mann–Whitney U test, and that test's p-value.
 *
 * <p>Hodges &amp; Lehmann, "Estimates of location based on rank tests" (Ann. Math. Statist. 1963): the estimate is
 * the median of the n₁·n₂ pairwise differences D = log(step_i) − log(base_j); the interval is the set of shifts d
 * the two-sided Mann–Whitney test of (log step − d) against log base does not reject, which is
 * [D<sub>(k)</sub>, D<sub>(n₁n₂+1−k)</sub>] (Lehmann, "Nonparametrics", 1975, §2.6; Hollander &amp; Wolfe,
 * "Nonparametric statistical methods", §4.3). k is found by asking commons-statistics-inference's exact
 * {@link MannWhitneyUTest} at shifts between consecutive differences, so no U distribution is coded here. It needs
 * only that both sides' noise has the same shape (a shift model on logs), and holds its level exactly — but the
 * smallest two-sided p-value of m vs n repeats is 2 / C(m+n, m): at 3 vs 3 that is 0.1, so below 4 repeats per side
 * no 95 % interval exists, and this says so (CONFIRM, Maricq et al., OSDI 2018, makes the same point).
 */
public final class HodgesLehmannLogRatio {

    public static final String METHOD = "hodges-lehmann-log";

    private static final MannWhitneyUTest EXACT = MannWhitneyUTest.withDefaults().with(PValueMethod.EXACT);
    private static final MannWhitneyUTest P_VALUE = MannWhitneyUTest.withDefaults();

    private HodgesLehmannLogRatio() {
    }

    /** The 95 % interval. */
    public static RatioResult estimate(double[] base, double[] step) {
        return estimate(base, step, 0.95);
    }

    /** The interval at (at least) the given confidence; base and step are the repeats' throughputs. */
    public static RatioResult estimate(double[] base, double[] step, double confidence) {
        double alpha = 1 - confidence;
        var tooFew = LogSamples.tooFewToSpread(base, step);
        if (tooFew.isPresent()) {
            return new NoInterval(METHOD, tooFew.get(), repeatsNeeded(confidence));
        }
        if (smallestPValue(step.length, base.length) > alpha) {
            int needed = repeatsNeeded(confidence);
            return new NoInterval(METHOD, LogSamples.repeats(base.length, "base") + " and "
                    + LogSamples.repeats(step.length, "step") + ": a rank test cannot reach p ≤ "
                    + String.format(Locale.ROOT, "%.2f", alpha) + " (its smallest p is "
                    + String.format(Locale.ROOT, "%.3f", smallestPValue(step.length, base.length)) + "), needs "
                    + needed + " repeats per side", needed);
        }
        double[] logBase = LogSamples.of(base, "base");
        double[] logStep = LogSamples.of(step, "step");
        double[] differences = new double[logBase.length * logStep.length];
        int next = 0;
        for (double s : logStep) {
            for (double b : logBase) {
                differences[next++] = s - b;
            }
        }
        Arrays.sort(differences);
        // k = the fewest differences below the shift that the test accepts; p rises with k up to the middle
        int rejected = 0;
        int accepted = differences.length / 2;
        while (accepted - rejected > 1) {
            int middle = (rejected + accepted) >>> 1;
            if (pValueWithBelow(middle, differences, logBase, logStep) > alpha) {
                accepted = middle;
            } else {
                rejected = middle;
            }
        }
        double achieved = 1 - pValueWithBelow(rejected, differences, logBase, logStep);
        double estimate = Math.exp(Median.withDefaults().evaluate(differences));
        double lower = Math.exp(differences[accepted - 1]);
        double upper = Math.exp(differences[differences.length - accepted]);
        return new RatioInterval(METHOD, estimate, lower, upper, achieved, P_VALUE.test(logStep, logBase).getPValue());
    }

    /** The fewest repeats per side (same count on both) at which a rank interval reaches the confidence: 4 at 95 %. */
    public static int repeatsNeeded(double confidence) {
        int n = 1;
        while (smallestPValue(n, n) > 1 - confidence) {
            n++;
        }
        return n;
    }

    /** The exact two-sided p-value of m vs n repeats that do not overlap at all: 2 / C(m+n, m). */
    static double smallestPValue(int m, int n) {
        if (m == 0 || n == 0) {
            return 1;
        }
        double[] low = new double[m];
        double[] high = new double[n];
        Arrays.setAll(low, i -> i);
        Arrays.setAll(high, i -> m + i);
        return EXACT.test(low, high).getPValue();
    }

    /** The test's p-value at a shift with exactly {@code below} of the sorted differences below it. */
    private static double pValueWithBelow(int below, double[] sorted, double[] logBase, double[] logStep) {
        double shift = below == 0 ? sorted[0] - 1 : (sorted[below - 1] + sorted[below]) / 2;
        return EXACT.withMu(shift).test(logStep, logBase).getPValue();
    }
}
