package org.pgknobs.stats;

import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Variance;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * A one-sided bound on how many times slower a step ran than its reference when the step completed nothing in some
 * repeat: its throughput then has no logarithm, and {@link WelchLogRatio} gives no interval.
 *
 * <p>The step's committed transactions, summed over its repeats, are counted as Poisson events over the summed
 * window seconds, and Garwood's exact upper limit at 1 − α/2 bounds its throughput from above: λ<sub>U</sub> =
 * χ²<sub>1−α/2; 2k+2</sub> / 2t (F. Garwood, "Fiducial limits for the Poisson distribution", Biometrika 28, 1936;
 * with k = 0 it is −ln(α/2) / t, the "rule of three" at α/2 = 0.05). The reference's geometric mean gets Student's
 * t lower limit on the logs of its repeats at 1 − α/2. By Bonferroni's inequality, reference<sub>lower</sub> ÷
 * λ<sub>U</sub> bounds the slowdown from below with confidence 1 − α or more. The Poisson model fits rare
 * completions (a closed system of terminals whose transactions outlast the window) better than it fits a busy
 * workload, and the bound is used only where some repeat completed nothing.
 *
 * @param lower          the slowdown (reference ÷ step) is at least this, at {@code confidence}
 * @param stepRateUpper  Garwood's upper limit on the step's throughput, per second
 * @param referenceLower the lower limit on the reference's geometric mean, per second
 * @param stepEvents     the step's committed transactions over its repeats
 * @param stepSeconds    the step's measured seconds over its repeats
 * @param confidence     the bound's joint confidence (each limit at 1 − (1 − confidence) / 2)
 */
public record SlowdownBound(double lower, double stepRateUpper, double referenceLower, long stepEvents,
                            double stepSeconds, double confidence) {

    public static final String METHOD = "poisson-garwood-bound";

    /**
     * The bound from the reference's repeats (throughputs, at least 2, all positive) and the step's summed count
     * and seconds.
     */
    public static SlowdownBound of(double[] reference, long stepEvents, double stepSeconds, double confidence) {
        if (reference.length < 2 || stepEvents < 0 || !(stepSeconds > 0) || !(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("a slowdown bound needs >= 2 reference repeats, a count >= 0, seconds > 0"
                    + " and a confidence in (0, 1); got " + reference.length + ", " + stepEvents + ", " + stepSeconds
                    + ", " + confidence);
        }
        double each = 1 - (1 - confidence) / 2;
        double upper = poissonRateUpper(stepEvents, stepSeconds, each);
        double referenceLower = geometricMeanLower(reference, each);
        return new SlowdownBound(referenceLower / upper, upper, referenceLower, stepEvents, stepSeconds, confidence);
    }

    /** Garwood's exact one-sided upper limit at {@code level} on a Poisson rate from {@code events} in {@code seconds}. */
    public static double poissonRateUpper(long events, double seconds, double level) {
        return ChiSquaredDistribution.of(2.0 * events + 2).inverseCumulativeProbability(level) / 2 / seconds;
    }

    /** Student's t one-sided lower limit at {@code level} on the geometric mean of positive values (n ≥ 2). */
    static double geometricMeanLower(double[] values, double level) {
        double[] logs = LogSamples.of(values, "reference");
        double t = TDistribution.of(logs.length - 1).inverseCumulativeProbability(level);
        double se = Math.sqrt(Variance.of(logs).getAsDouble() / logs.length);
        return Math.exp(Mean.of(logs).getAsDouble() - t * se);
    }
}
