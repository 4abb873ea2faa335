package org.pgknobs.stats;

import org.apache.commons.statistics.descriptive.GeometricMean;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Variance;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * One sample's geometric mean with Student's t interval on the logs of its values:
 * exp(mean(log x) ± t<sub>1-α/2, n-1</sub> · s/√n) (Student, "The probable error of a mean", Biometrika 1908),
 * the one-sample counterpart of {@link WelchLogRatio} (throughput noise is multiplicative, so the interval is
 * symmetric on logs). The estimate is Commons Statistics' {@link GeometricMean}; the quantile its
 * {@link TDistribution}. The history's page draws it around each run's point: the spread of that run's own repeats.
 *
 * @param estimate   the geometric mean of the values
 * @param lower      the interval's lower end; NaN with one value (no spread to estimate)
 * @param upper      the interval's upper end; NaN with one value
 * @param n          how many values
 * @param confidence the interval's level (0.95 for 95 %)
 */
public record GeometricMeanInterval(double estimate, double lower, double upper, int n, double confidence) {

    /** The interval at {@code confidence} from positive, finite values (at least one). */
    public static GeometricMeanInterval of(double[] values, double confidence) {
        if (values.length == 0 || !(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("a geometric mean's interval needs values and a confidence in (0, 1); got "
                    + values.length + " value(s), " + confidence);
        }
        double[] logs = LogSamples.of(values, "the sample");
        double estimate = GeometricMean.of(values).getAsDouble();
        if (logs.length < 2) {
            return new GeometricMeanInterval(estimate, Double.NaN, Double.NaN, 1, confidence);
        }
        double mean = Mean.of(logs).getAsDouble();
        double halfWidth = TDistribution.of(logs.length - 1.0).inverseSurvivalProbability((1 - confidence) / 2)
                * Math.sqrt(Variance.of(logs).getAsDouble() / logs.length);
        return new GeometricMeanInterval(estimate, Math.exp(mean - halfWidth), Math.exp(mean + halfWidth), logs.length,
                confidence);
    }

    /** Whether there is an interval (two values or more). */
    public boolean present() {
        return n >= 2;
    }
}
