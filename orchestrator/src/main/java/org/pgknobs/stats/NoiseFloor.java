package org.pgknobs.stats;

import java.util.OptionalInt;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.StandardDeviation;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The spread of one step's repeats, and what it lets an experiment detect.
 *
 * <p>The minimum detectable effect of a two-sample comparison with n repeats per side, at two-sided α = 0.05 and
 * power 1 − β = 0.80, on logs: δ = (t<sub>1−α/2, ν</sub> + t<sub>1−β, ν</sub>) · s · sqrt(2/n), ν = 2n − 2, with
 * s the standard deviation of the log repeats (the usual normal-theory sample-size formula with t quantiles, e.g.
 * Montgomery, "Design and analysis of experiments", §2.4; Kalibera &amp; Jones, ISMM 2013, for planning repeats
 * from a measured spread). It treats the spread measured here as the true one, so with few repeats it is itself
 * uncertain: it is a planning figure, not a guarantee.
 *
 * @param repeats                 how many repeats were measured
 * @param mean                    their arithmetic mean
 * @param coefficientOfVariation  standard deviation / mean (raw values, n − 1)
 * @param logStandardDeviation    standard deviation of the logs (≈ the CV for small spreads)
 * @param relativeHalfWidth       half-width of the 95 % t interval of the (geometric) mean, relative:
 *                                exp(t<sub>0.975, n−1</sub> · s / sqrt(n)) − 1
 * @param minimumDetectableEffect the smallest relative effect a comparison with this many repeats per side detects
 *                                at 95 % with 80 % power, as exp(δ) − 1
 */
public record NoiseFloor(int repeats, double mean, double coefficientOfVariation, double logStandardDeviation,
        double relativeHalfWidth, double minimumDetectableEffect) {

    static final double CONFIDENCE = 0.95;
    static final double POWER = 0.80;
    private static final int MOST_REPEATS = 10_000;

    /** The noise floor of N repeats of one step (throughputs, at least 2). */
    public static NoiseFloor measure(double[] repeats) {
        if (repeats.length < 2) {
            throw new IllegalArgumentException("a noise floor needs at least 2 repeats, got " + repeats.length);
        }
        double[] logs = LogSamples.of(repeats, "the repeats");
        double mean = Mean.of(repeats).getAsDouble();
        double logSd = StandardDeviation.of(logs).getAsDouble();
        int n = repeats.length;
        double tMean = TDistribution.of(n - 1.0).inverseSurvivalProbability((1 - CONFIDENCE) / 2);
        return new NoiseFloor(n, mean, StandardDeviation.of(repeats).getAsDouble() / mean, logSd,
                Math.expm1(tMean * logSd / Math.sqrt(n)), Math.expm1(detectableLogEffect(logSd, n)));
    }

    /** The minimum detectable relative effect (exp(δ) − 1) with {@code perSide} repeats on each side. */
    public double detectableAt(int perSide) {
        if (perSide < 2) {
            throw new IllegalArgumentException("a comparison needs at least 2 repeats per side, got " + perSide);
        }
        return Math.expm1(detectableLogEffect(logStandardDeviation, perSide));
    }

    /**
     * The fewest repeats per side that detect a relative effect (0.2 for +20 %, −0.1 for −10 %) at 95 % with 80 %
     * power, or empty when it would take more than 10,000.
     */
    public OptionalInt repeatsToDetect(double relativeEffect) {
        double target = Math.abs(Math.log1p(relativeEffect));
        for (int n = 2; n <= MOST_REPEATS; n++) {
            if (detectableLogEffect(logStandardDeviation, n) <= target) {
                return OptionalInt.of(n);
            }
        }
        return OptionalInt.empty();
    }

    private static double detectableLogEffect(double logSd, int perSide) {
        TDistribution t = TDistribution.of(2.0 * perSide - 2);
        double quantiles = t.inverseSurvivalProbability((1 - CONFIDENCE) / 2) + t.inverseCumulativeProbability(POWER);
        return quantiles * logSd * Math.sqrt(2.0 / perSide);
    }
}
