package org.pgknobs.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Drift as a model (issue 45, point 0g), simulated through the report's code ({@link BaseTrend#fit},
 * {@link BaseTrend#ratioFactor(double[])}, {@link BaseTrend#shift}, intervals from {@link EffectInterval#ratio} with
 * the run's pooled noise model, {@link RunNoise}, as the report makes them):
 * a bracketed sweep as the bracket runs it, the base first, every 3 runs and last (5 measurements), 9 variants × 3
 * interleaved repeats between them, one run every 0.05 h, base CV 1.5 %, known effects. With a base that has noise
 * and no trend the intervals are never wider than the noise model's own interval (no band added) and cover the true
 * effect in ≥ 95 %; with
 * a linear trend (the base ×1.3 from first to last, as in the README's unbracketed sweep) the corrected intervals
 * cover it in ≥ 95 %, where the uncorrected ones do not. Figures printed and stated in docs/statistics.md.
 */
@Tag("unit")
class BaseTrendSimulationTest {

    static final int STEPS = 9;
    static final int REPEATS = 3;
    static final int SWEEPS = 1000;
    static final double CV = 0.015;
    static final double[] EFFECTS = {0.78, 0.59, 0.86, 1.0, 1.0, 1.1, 0.95, 1.0, 1.3};

    @Test
    void noTrendNeverWidensAndCovers() {
        Result r = simulate(0, 7);
        System.out.printf(Locale.ROOT, "no trend: coverage %.2f %% corrected, %.2f %% uncorrected; a trend found in"
                + " %.1f %% of sweeps; widest corrected ÷ noise-model width %.6f%n", r.covered * 100, r.coveredRaw * 100,
                r.trendFound * 100, r.widthRatio);
        assertThat(r.covered).isGreaterThanOrEqualTo(0.95);
        assertThat(r.widthRatio).as("never wider than the noise model's interval").isLessThanOrEqualTo(1 + 1e-12);
    }

    @Test
    void aLinearTrendIsCorrected() {
        Result r = simulate(Math.log(1.3), 8);
        System.out.printf(Locale.ROOT, "trend ×1.3 over the run: coverage %.2f %% corrected, %.2f %% uncorrected; a"
                + " trend found in %.1f %% of sweeps; mean |ln estimate − ln effect| %.4f corrected, %.4f uncorrected%n",
                r.covered * 100, r.coveredRaw * 100, r.trendFound * 100, r.errorCorrected, r.errorRaw);
        assertThat(r.covered).isGreaterThanOrEqualTo(0.95);
        // the uncorrected intervals cover too, being wide (the base's spread holds the trend), but off centre
        assertThat(r.errorCorrected).as("mean |ln estimate − ln effect|, corrected against uncorrected")
                .isLessThan(r.errorRaw / 2);
    }

    record Result(double covered, double coveredRaw, double trendFound, double widthRatio, double errorCorrected,
                  double errorRaw) {
    }

    /** @param drift ln of the base's movement from the run's first run to its last */
    static Result simulate(double drift, long seed) {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        ZigguratSampler.NormalizedGaussian gauss = ZigguratSampler.NormalizedGaussian.of(rng);
        double sigma = Math.sqrt(Math.log(1 + CV * CV));
        int covered = 0;
        int coveredRaw = 0;
        int comparisons = 0;
        int trends = 0;
        double widest = 0;
        double error = 0;
        double errorRaw = 0;
        // the order: base, then rounds of the 9 steps, the base again after every 9 runs (every round), base last
        int runs = 1 + REPEATS * (STEPS + 1);
        for (int s = 0; s < SWEEPS; s++) {
            List<Double> baseHours = new ArrayList<>();
            List<Double> base = new ArrayList<>();
            List<List<Double>> stepValues = new ArrayList<>();
            List<List<Double>> stepHours = new ArrayList<>();
            for (int k = 0; k < STEPS; k++) {
                stepValues.add(new ArrayList<>());
                stepHours.add(new ArrayList<>());
            }
            int t = 0;
            base.add(value(gauss, sigma, drift * t / (runs - 1.0), 0));
            baseHours.add(0.05 * t++);
            for (int round = 0; round < REPEATS; round++) {
                for (int k = 0; k < STEPS; k++) {
                    stepValues.get(k).add(value(gauss, sigma, drift * t / (runs - 1.0), Math.log(EFFECTS[k])));
                    stepHours.get(k).add(0.05 * t++);
                }
                base.add(value(gauss, sigma, drift * t / (runs - 1.0), 0));
                baseHours.add(0.05 * t++);
            }
            BaseTrend trend = BaseTrend.fit("l.i1", baseHours.stream().mapToDouble(Double::doubleValue).toArray(),
                    base.stream().mapToDouble(Double::doubleValue).toArray(), Instant.EPOCH);
            trends += trend != null && trend.significant() ? 1 : 0;
            // the run's noise model, as the report makes it: the base's measurements and the steps' repeats pooled
            java.util.Map<String, double[]> run = new java.util.LinkedHashMap<>();
            run.put("base", base.stream().mapToDouble(Double::doubleValue).toArray());
            for (int k = 0; k < STEPS; k++) {
                run.put("s" + k, stepValues.get(k).stream().mapToDouble(Double::doubleValue).toArray());
            }
            RunNoise noise = RunNoise.of(run);
            for (int k = 0; k < STEPS; k++) {
                EffectInterval raw = EffectInterval.ratio("base", base, stepValues.get(k), noise.between("base", "s" + k));
                double factor = trend == null ? 1
                        : trend.ratioFactor(stepHours.get(k).stream().mapToDouble(Double::doubleValue).toArray());
                EffectInterval corrected = BaseTrend.shift(raw, factor);
                comparisons++;
                covered += corrected.contains(EFFECTS[k]) ? 1 : 0;
                coveredRaw += raw.contains(EFFECTS[k]) ? 1 : 0;
                error += Math.abs(Math.log(corrected.ratio() / EFFECTS[k]));
                errorRaw += Math.abs(Math.log(raw.ratio() / EFFECTS[k]));
                widest = Math.max(widest, Math.log(corrected.upper() / corrected.lower()) / Math.log(raw.upper() / raw.lower()));
            }
        }
        return new Result(covered / (double) comparisons, coveredRaw / (double) comparisons, trends / (double) SWEEPS,
                widest, error / comparisons, errorRaw / comparisons);
    }

    private static double value(ZigguratSampler.NormalizedGaussian gauss, double sigma, double drift, double effect) {
        return 50_000 * Math.exp(drift + effect + sigma * gauss.sample());
    }
}
