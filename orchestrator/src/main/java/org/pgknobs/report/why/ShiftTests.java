package org.pgknobs.report.why;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.TTest;

/**
 * The tests behind the shift rules (docs/statistics.md, "Shift tests"): a one-sided two-proportion z-test for a
 * share of samples that grew, Holm's step-down correction over every share compared, and Welch's t-test on
 * per-repeat values. {@value #FAMILY_ALPHA} is the false-alarm rate per rule and step on an A/A pair.
 */
final class ShiftTests {

    static final double FAMILY_ALPHA = 0.05;
    private static final NormalDistribution NORMAL = NormalDistribution.of(0, 1);

    private ShiftTests() {
    }

    /** One-sided p that the share {@code kAfter/nAfter} is above {@code kBefore/nBefore} (pooled-variance z). */
    static double gainP(long kBefore, long nBefore, long kAfter, long nAfter) {
        if (nBefore <= 0 || nAfter <= 0) {
            return 1;
        }
        double pooled = (double) (kBefore + kAfter) / (nBefore + nAfter);
        double se = Math.sqrt(pooled * (1 - pooled) * (1.0 / nBefore + 1.0 / nAfter));
        if (!(se > 0)) {
            return 1;
        }
        double z = ((double) kAfter / nAfter - (double) kBefore / nBefore) / se;
        return NORMAL.survivalProbability(z);
    }

    /** Holm's step-down: which of the p-values are rejected with the family-wise error held at {@code alpha}. */
    static boolean[] holm(double[] p, double alpha) {
        int m = p.length;
        Integer[] order = IntStream.range(0, m).boxed().sorted(Comparator.comparingDouble(i -> p[i])).toArray(Integer[]::new);
        boolean[] rejected = new boolean[m];
        for (int k = 0; k < m; k++) {
            if (p[order[k]] > alpha / (m - k)) {
                break;
            }
            rejected[order[k]] = true;
        }
        return rejected;
    }

    /** Two-sided p of Welch's t-test; 1 with fewer than two values on a side or no spread on both. */
    static double welchP(double[] a, double[] b) {
        if (a.length < 2 || b.length < 2 || variance(a) + variance(b) <= 0) {
            return Arrays.equals(a, b) || a.length < 2 || b.length < 2 ? 1 : allApart(a, b) ? 0 : 1;
        }
        return TTest.withDefaults().with(DataDispersion.HETEROSCEDASTIC).with(AlternativeHypothesis.TWO_SIDED)
                .test(a, b).getPValue();
    }

    /** Every value of one side above every value of the other: the change exceeds the spread across repeats. */
    static boolean allApart(double[] a, double[] b) {
        return Arrays.stream(a).min().orElse(0) > Arrays.stream(b).max().orElse(0)
                || Arrays.stream(b).min().orElse(0) > Arrays.stream(a).max().orElse(0);
    }

    private static double variance(double[] v) {
        double mean = Arrays.stream(v).average().orElse(0);
        return Arrays.stream(v).map(x -> (x - mean) * (x - mean)).sum();
    }
}
