package org.pgknobs.stats;

import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * The Mann–Kendall test for a monotonic trend in values taken in time order (Mann 1945, Kendall 1975): S counts
 * the pairs that rise minus the pairs that fall, Kendall's tau is S over the number of pairs, and the two-sided
 * p-value comes from the normal approximation with the tie correction of the variance and a continuity correction.
 * Used on a sweep's runs in the order they ran: values that rise (or fall) step after step, whatever the steps
 * changed, are the machine's doing (docs/statistics.md, "Drift").
 *
 * @param n     the values
 * @param s     rising pairs minus falling pairs
 * @param tau   s ÷ (n (n − 1) / 2), from −1 (every pair falls) to +1 (every pair rises)
 * @param z     the normal score of s
 * @param pValue two-sided
 */
public record MonotonicTrend(int n, long s, double tau, double z, double pValue) {

    private static final NormalDistribution NORMAL = NormalDistribution.of(0, 1);

    /** Null with fewer than 3 values: no trend can be told apart from none. */
    public static MonotonicTrend of(double[] inTimeOrder) {
        int n = inTimeOrder.length;
        if (n < 3) {
            return null;
        }
        long s = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                s += Long.signum(Double.compare(inTimeOrder[j], inTimeOrder[i]));
            }
        }
        double variance = (n * (n - 1.0) * (2 * n + 5) - ties(inTimeOrder)) / 18;
        double z = variance <= 0 ? 0 : s > 0 ? (s - 1) / Math.sqrt(variance) : s < 0 ? (s + 1) / Math.sqrt(variance) : 0;
        double p = Math.min(1, 2 * NORMAL.survivalProbability(Math.abs(z)));
        return new MonotonicTrend(n, s, s / (n * (n - 1) / 2.0), z, p);
    }

    /** Σ t (t − 1)(2t + 5) over the groups of tied values. */
    private static double ties(double[] values) {
        double[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        double sum = 0;
        int run = 1;
        for (int i = 1; i <= sorted.length; i++) {
            if (i < sorted.length && sorted[i] == sorted[i - 1]) {
                run++;
            } else {
                sum += run * (run - 1.0) * (2 * run + 5);
                run = 1;
            }
        }
        return sum;
    }

    /** Whether the trend is significant at 5 %. */
    public boolean significant() {
        return pValue < 0.05;
    }

    /** "Mann–Kendall tau +0.82, p 0.001 over 19 runs in the order they ran". */
    public String sentence() {
        return String.format(java.util.Locale.ROOT, "Mann–Kendall tau %+.2f, p %s over %d runs in the order they ran",
                tau, pValue < 0.001 ? "< 0.001" : String.format(java.util.Locale.ROOT, "%.3f", pValue), n);
    }
}
