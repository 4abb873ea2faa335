package org.pgknobs.stats;

/**
 * A ratio (step / base) with its confidence interval and the p-value of the test that goes with the method.
 *
 * @param method     see {@link RatioResult#method()}
 * @param ratio      the point estimate (ratio of geometric means, or the Hodges–Lehmann shift taken back from logs)
 * @param lower      the interval's lower end, as a ratio
 * @param upper      the interval's upper end, as a ratio
 * @param confidence the interval's confidence: nominal for Welch; for Hodges–Lehmann the exact level the rank
 *                   order statistics reach, at least the nominal one
 * @param pValue     two-sided p-value of "no effect" (Welch t-test on logs, or Mann–Whitney U)
 */
public record RatioInterval(String method, double ratio, double lower, double upper, double confidence, double pValue)
        implements RatioResult {

    public RatioInterval {
        if (!(lower > 0 && lower <= ratio && ratio <= upper)) {
            throw new IllegalArgumentException("interval [" + lower + ", " + upper + "] does not hold its ratio " + ratio);
        }
    }

    /** "Within noise": the interval holds 1 (no effect). */
    public boolean containsOne() {
        return contains(1.0);
    }

    /** Whether a ratio (a published effect, say) lies inside the interval, ends included. */
    public boolean contains(double someRatio) {
        return lower <= someRatio && someRatio <= upper;
    }

    /**
     * Half the interval's width relative to its centre, on the log scale the interval is built on:
     * sqrt(upper / lower) - 1, so [0.97, 1.03]-like intervals read 0.03 (the {@code target} of {@code repeats: auto}).
     */
    public double relativeHalfWidth() {
        return Math.sqrt(upper / lower) - 1;
    }
}
