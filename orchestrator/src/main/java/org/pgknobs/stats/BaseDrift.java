package org.pgknobs.stats;

import java.util.Arrays;

/**
 * How far a bracketed base moved between its first and its last measurement, and whether that is more than the
 * noise of a window (docs/statistics.md, "Drift"). The factor is last ÷ first of the two runs' throughputs; the test
 * sets the two windows' per-second throughputs against each other: each series is cut into (up to) {@value #BATCHES}
 * batches whose means stand as the samples (per-second rates follow each other too closely to count as independent;
 * means of batches come closer, the method of batch means), and Welch's interval on their logs
 * ({@link WelchLogRatio}) holding 1 or not says whether the base moved beyond what its windows vary by.
 *
 * @param factor      last ÷ first
 * @param interval    the 95 % interval of last ÷ first from the batch means; a {@link NoInterval} when a window has
 *                    too few seconds (fewer than 2 per side) or none was recorded
 * @param beyondNoise the interval lies clear of 1
 */
public record BaseDrift(double factor, RatioResult interval, boolean beyondNoise) {

    /** The batches each window is cut into. */
    public static final int BATCHES = 8;

    /**
     * @param first          the first measurement's throughput
     * @param last           the last one's
     * @param firstPerSecond the first measurement's measured window, per second (empty when not recorded)
     * @param lastPerSecond  the last one's
     */
    public static BaseDrift of(double first, double last, double[] firstPerSecond, double[] lastPerSecond) {
        if (!(first > 0) || !(last > 0)) {
            throw new IllegalArgumentException("drift needs two positive throughputs, got " + first + " and " + last);
        }
        double[] a = batchMeans(firstPerSecond);
        double[] b = batchMeans(lastPerSecond);
        RatioResult interval = Arrays.stream(a).allMatch(v -> v > 0) && Arrays.stream(b).allMatch(v -> v > 0)
                ? WelchLogRatio.estimate(a, b)
                : new NoInterval(WelchLogRatio.METHOD, "a second of a window completed nothing", 2);
        return new BaseDrift(last / first, interval, interval instanceof RatioInterval i && !i.containsOne());
    }

    /** The means of {@code series} cut into up to {@value #BATCHES} batches of equal length (the rest dropped). */
    static double[] batchMeans(double[] series) {
        int batches = Math.min(BATCHES, series.length);
        if (batches == 0) {
            return new double[0];
        }
        int length = series.length / batches;
        double[] out = new double[batches];
        for (int b = 0; b < batches; b++) {
            double sum = 0;
            for (int i = b * length; i < (b + 1) * length; i++) {
                sum += series[i];
            }
            out[b] = sum / length;
        }
        return out;
    }

    /** "+37 %": the factor as a signed percentage. */
    public String percent() {
        return String.format(java.util.Locale.ROOT, "%+.0f %%", (factor - 1) * 100);
    }
}
