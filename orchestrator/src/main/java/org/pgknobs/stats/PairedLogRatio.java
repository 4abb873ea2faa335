package org.pgknobs.stats;

import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Variance;
import org.apache.commons.statistics.distribution.TDistribution;
import org.apache.commons.statistics.inference.TTest;

/**
 * The ratio subject / reference of a paired design, where pair i ran both sides back to back on the same
 * machine state (the side-by-side benches: BenchBase then the built-in driver, iibench.py then pgknobs): the
 * geometric mean of the per-pair ratios, with Student's paired t interval on their logs.
 *
 * <p>With d<sub>i</sub> = log(subject<sub>i</sub> / reference<sub>i</sub>), d̄ their mean and s their standard
 * deviation over n pairs, the interval is exp(d̄ ± t<sub>1-α/2, n-1</sub> · s / √n) (Student 1908; the paired
 * form, e.g. Montgomery, "Design and analysis of experiments", §2.5.1). Pairing takes the drift a shared machine
 * puts on both runs of a pair out of the error term, which a two-sample interval (Welch) would leave in. The
 * p-value is commons-statistics-inference's paired {@link TTest}; the quantile its {@link TDistribution}.
 */
public final class PairedLogRatio {

    public static final String METHOD = "paired-t-log";

    private static final TTest PAIRED = TTest.withDefaults();

    private PairedLogRatio() {
    }

    /** The 95 % interval; {@code reference[i]} and {@code subject[i]} are pair i's figures. */
    public static RatioResult estimate(double[] reference, double[] subject) {
        return estimate(reference, subject, 0.95);
    }

    public static RatioResult estimate(double[] reference, double[] subject, double confidence) {
        if (reference.length != subject.length) {
            throw new IllegalArgumentException(reference.length + " reference figures against " + subject.length
                    + " subject figures: a paired design has one of each per pair");
        }
        int n = reference.length;
        if (n < 2) {
            return new NoInterval(METHOD, n + (n == 1 ? " pair" : " pairs") + ": no spread to estimate, so no interval", 2);
        }
        double[] logReference = LogSamples.of(reference, "reference");
        double[] logSubject = LogSamples.of(subject, "subject");
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = logSubject[i] - logReference[i];
        }
        double shift = Mean.of(d).getAsDouble();
        double standardError = Math.sqrt(Variance.of(d).getAsDouble() / n);
        // equal ratios from different figures differ in logs by rounding only (1e-16), not by noise
        if (standardError < 1e-12) {
            return new NoInterval(METHOD, "every pair has the same ratio: no spread to estimate", 0);
        }
        double quantile = TDistribution.of(n - 1).inverseSurvivalProbability((1 - confidence) / 2);
        double halfWidth = quantile * standardError;
        double p = PAIRED.pairedTest(logSubject, logReference).getPValue();
        return new RatioInterval(METHOD, Math.exp(shift), Math.exp(shift - halfWidth), Math.exp(shift + halfWidth),
                confidence, p);
    }
}
