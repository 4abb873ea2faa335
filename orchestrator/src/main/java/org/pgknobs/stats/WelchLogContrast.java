package org.pgknobs.stats;

import java.util.List;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Variance;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * A contrast of several runs' mean log throughputs, Σ mean(ln plus) − Σ mean(ln minus), with its Welch interval:
 * standard error sqrt(Σ s²/n) over the runs, degrees of freedom by Welch–Satterthwaite, (Σ s²/n)² / Σ (s²/n)²/(n−1)
 * (the two-sample case is {@link WelchLogRatio}). An ablation's interaction is such a contrast: leave-one-out minus
 * add-one-in, ln T(without U) − ln T(full) − ln T(base) + ln T(only U), which is 0 when U removes exactly what it adds.
 * Returned as a ratio (exp of the contrast) so it reads like every other effect: 1 = no interaction.
 */
public final class WelchLogContrast {

    public static final String METHOD = "welch-log-contrast";

    private WelchLogContrast() {
    }

    /** The 95 % interval; every run needs two repeats with a positive throughput, else there is none. */
    public static RatioResult estimate(List<double[]> plus, List<double[]> minus) {
        double shift = 0;
        double variance = 0;
        double dfDenominator = 0;
        for (int k = 0; k < plus.size() + minus.size(); k++) {
            boolean isPlus = k < plus.size();
            double[] runs = isPlus ? plus.get(k) : minus.get(k - plus.size());
            if (runs.length < 2) {
                return new NoInterval(METHOD, runs.length + " repeat of a run in the contrast: no spread to estimate,"
                        + " so no interval", 2);
            }
            double[] logs = LogSamples.of(runs, "run");
            double mean = Mean.of(logs).getAsDouble();
            double v = Variance.of(logs).getAsDouble() / logs.length;
            shift += isPlus ? mean : -mean;
            variance += v;
            dfDenominator += v * v / (logs.length - 1);
        }
        if (variance == 0) {
            return new NoInterval(METHOD, "the repeats are identical in every run: no spread to estimate", 0);
        }
        double df = variance * variance / dfDenominator;
        double se = Math.sqrt(variance);
        TDistribution t = TDistribution.of(df);
        double half = t.inverseSurvivalProbability(0.025) * se;
        double p = 2 * t.survivalProbability(Math.abs(shift) / se);
        return new RatioInterval(METHOD, Math.exp(shift), Math.exp(shift - half), Math.exp(shift + half), 0.95, p);
    }
}
