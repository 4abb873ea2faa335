package org.pgknobs.history.changes;

import java.util.Arrays;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.distribution.TDistribution;
import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.TTest;

/**
 * Otava's significance test of a split: a two-sided Student's t-test (pooled variance) of the segment before
 * against the segment after ({@code TTestSignificanceTester}, Fleming et al., ICPE 2023, §4.1).
 *
 * <p>Two details follow Otava so that its expected change points are ours: each side's spread is the standard
 * deviation with divisor n (numpy's {@code np.std}), handed to the test as if it were the sample one
 * ({@code scipy.stats.ttest_ind_from_stats}), which makes p a little smaller than the textbook test on short
 * segments; and a segment of one point counts with spread 0. Commons Statistics' {@link TTest} refuses a sample of
 * one, so for that case the same pooled statistic is taken with {@link TDistribution} directly. Two points in
 * all give p = 1; no spread at all gives p = 1 (equal means) or 0.
 */
final class StudentSplit {

    private static final TTest STUDENT = TTest.withDefaults().with(DataDispersion.HOMOSCEDASTIC);

    /** The test's result for one split. */
    record Result(double beforeMean, double afterMean, double pValue) {

        double magnitude() {
            return StudentSplit.magnitude(beforeMean, afterMean);
        }
    }

    private StudentSplit() {
    }

    static Result test(double[] series, int from, int split, int to) {
        double[] before = Arrays.copyOfRange(series, from, split);
        double[] after = Arrays.copyOfRange(series, split, to);
        double m1 = Mean.of(before).getAsDouble();
        double m2 = Mean.of(after).getAsDouble();
        return new Result(m1, m2, pValue(m1, spread(before, m1), before.length, m2, spread(after, m2), after.length));
    }

    static double magnitude(double before, double after) {
        double forward = before == 0 ? 0 : after / before - 1;
        double backward = after == 0 ? 0 : before / after - 1;
        return Math.max(Math.abs(forward), Math.abs(backward));
    }

    /** Variance with divisor n (0 for a single point), as np.std squared. */
    private static double spread(double[] values, double mean) {
        return Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum() / values.length;
    }

    private static double pValue(double m1, double v1, int n1, double m2, double v2, int n2) {
        if (n1 + n2 <= 2) {
            return 1.0;
        }
        if (v1 == 0 && v2 == 0) {
            return m1 == m2 ? 1.0 : 0.0;
        }
        if (n1 >= 2 && n2 >= 2) {
            return STUDENT.test(m1, v1, n1, m2, v2, n2).getPValue();
        }
        int df = n1 + n2 - 2;
        double pooled = ((n1 - 1) * v1 + (n2 - 1) * v2) / df;
        double t = (m1 - m2) / Math.sqrt(pooled * (1.0 / n1 + 1.0 / n2));
        return 2 * TDistribution.of(df).survivalProbability(Math.abs(t));
    }
}
