package org.pgknobs.stats;

import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Variance;
import org.apache.commons.statistics.distribution.TDistribution;
import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.TTest;

/**
 * The ratio of geometric means (step / base) with Welch's t interval on the logs of the repeats, and the Welch
 * t-test's p-value.
 *
 * <p>Throughput noise is multiplicative, so the ratio becomes a difference of means on logs, and the interval
 * exp(d ± t<sub>1-α/2, ν</sub> · sqrt(s₁²/n₁ + s₂²/n₂)) with ν the Welch–Satterthwaite degrees of freedom
 * (Welch 1947). This is the log-ratio interval of Kalibera &amp; Jones, "Rigorous benchmarking in reasonable
 * time" (ISMM 2013), and of their technical report "Quantifying performance changes with effect size confidence
 * intervals" (University of Kent, TR 4-12, 2012), with the variance taken at the level of whole repeats, where it
 * comes from. The t-test (statistic, ν, p) is commons-statistics-inference's {@link TTest}; the quantile is its
 * {@link TDistribution}. It gives an interval from 2 repeats per side; docs/statistics.md has its simulated
 * coverage at 3, 5 and 10 repeats, and why it is the default.
 */
public final class WelchLogRatio {

    public static final String METHOD = "welch-log";

    private static final TTest WELCH = TTest.withDefaults().with(DataDispersion.HETEROSCEDASTIC);

    private WelchLogRatio() {
    }

    /** The 95 % interval. */
    public static RatioResult estimate(double[] base, double[] step) {
        return estimate(base, step, 0.95);
    }

    /** The interval at the given confidence (0.95 for 95 %); base and step are the repeats' throughputs. */
    public static RatioResult estimate(double[] base, double[] step, double confidence) {
        var tooFew = LogSamples.tooFewToSpread(base, step);
        if (tooFew.isPresent()) {
            return new NoInterval(METHOD, tooFew.get(), 2);
        }
        double[] logBase = LogSamples.of(base, "base");
        double[] logStep = LogSamples.of(step, "step");
        double shift = Mean.of(logStep).getAsDouble() - Mean.of(logBase).getAsDouble();
        double standardError = Math.sqrt(Variance.of(logBase).getAsDouble() / base.length
                + Variance.of(logStep).getAsDouble() / step.length);
        if (standardError == 0) {
            return new NoInterval(METHOD, "the repeats are identical on both sides: no spread to estimate", 0);
        }
        TTest.Result test = WELCH.test(logStep, logBase);
        double quantile = TDistribution.of(test.getDegreesOfFreedom()).inverseSurvivalProbability((1 - confidence) / 2);
        double halfWidth = quantile * standardError;
        return new RatioInterval(METHOD, Math.exp(shift), Math.exp(shift - halfWidth), Math.exp(shift + halfWidth),
                confidence, test.getPValue());
    }
}
