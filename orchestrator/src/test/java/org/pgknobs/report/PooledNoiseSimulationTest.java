package org.pgknobs.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.apache.commons.statistics.descriptive.Median;
import org.apache.commons.statistics.distribution.ContinuousDistribution;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.stats.PooledLogSpread;

/**
 * The run's noise model simulated through the report's interval code ({@link RunNoise} → {@link EffectInterval}),
 * as docs/statistics.md "One noise model per run" quotes it: a base and 9 steps, 2 repeats each, normal noise at the
 * quick profile's CV (11.6 %, the article's quick baseline in docs/statistics.md) around known effects.
 */
@Tag("unit")
class PooledNoiseSimulationTest {

    private static final double CV = 0.116;
    private static final double[] EFFECTS = {0.5, 0.7, 0.85, 0.95, 1.0, 1.0, 1.05, 1.2, 2.0};
    private static final int RUNS = 5_000;
    /** Per repeat count in the second test (four counts). */
    private static final int WIDE_RUNS = 2_000;

    private static Map<String, double[]> run(ContinuousDistribution.Sampler noise, int repeats, int wide, double factor) {
        Map<String, double[]> run = new LinkedHashMap<>();
        run.put("base", draw(noise, repeats, 1, 1));
        for (int i = 0; i < EFFECTS.length; i++) {
            run.put("s" + i, draw(noise, repeats, EFFECTS[i], i == wide ? factor : 1));
        }
        return run;
    }

    /** {@code effect} × 1,000/s with noise of {@code spread} × the common CV. */
    private static double[] draw(ContinuousDistribution.Sampler noise, int n, double effect, double spread) {
        double[] v = new double[n];
        for (int k = 0; k < n; k++) {
            v[k] = 1000 * effect * Math.max(0.05, 1 + spread * (noise.sample() - 1));
        }
        return v;
    }

    private static List<Double> list(double[] v) {
        return java.util.Arrays.stream(v).boxed().toList();
    }

    private static double logWidth(EffectInterval i) {
        return Math.log(i.upper() / i.lower());
    }

    @Test
    void pooledIntervalsCoverTheTrueEffectsAndAreAFractionOfWelchsWidth() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(45L);
        ContinuousDistribution.Sampler noise = NormalDistribution.of(1, CV).createSampler(rng);
        int covered = 0;
        int intervals = 0;
        int runsNamingAny = 0;
        List<Double> pooled = new ArrayList<>();
        List<Double> welch = new ArrayList<>();
        for (int r = 0; r < RUNS; r++) {
            Map<String, double[]> run = run(noise, 2, -1, 1);
            RunNoise model = RunNoise.of(run);
            boolean named = false;
            for (int i = 0; i < EFFECTS.length; i++) {
                String step = "s" + i;
                EffectInterval p = EffectInterval.ratio("base", list(run.get("base")), list(run.get(step)),
                        model.between("base", step));
                EffectInterval w = EffectInterval.ratio("base", list(run.get("base")), list(run.get(step)));
                intervals++;
                covered += p.contains(EFFECTS[i]) ? 1 : 0;
                named |= !PooledLogSpread.METHOD.equals(p.method());
                pooled.add(logWidth(p));
                welch.add(logWidth(w));
            }
            runsNamingAny += named ? 1 : 0;
        }
        double coverage = (double) covered / intervals;
        double fraction = median(pooled) / median(welch);
        double falseNaming = (double) runsNamingAny / RUNS;
        System.out.printf(Locale.ROOT, "pooled noise model, base + 9 steps x 2 repeats, normal CV %.1f %%, %d runs: "
                        + "coverage %.2f %% of %d intervals; median width on logs %.3f pooled, %.3f Welch (%.2f of "
                        + "Welch's); runs with a step named although all share one spread %.2f %%%n", CV * 100, RUNS,
                coverage * 100, intervals, median(pooled), median(welch), fraction, falseNaming * 100);
        // at least 95 % by the union bound over the naming test's selection (PooledLogSpread.INTERVAL_ALPHA): the
        // interval at 96 %, the test at 1 %; measured 95.7 % (docs/statistics.md)
        assertThat(coverage).isGreaterThanOrEqualTo(0.95);
        assertThat(fraction).isLessThan(0.5);
        // Holm holds 1 % where the logs are normal; normal noise on throughputs has slightly skewed logs, to which the
        // F test is sensitive: measured 0.86 % (docs/statistics.md)
        assertThat(falseNaming).isLessThanOrEqualTo(0.02);
    }

    @Test
    void aStepWithThreeTimesTheSpreadIsNamedMoreOftenTheMoreRepeatsItHas() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(4545L);
        ContinuousDistribution.Sampler noise = NormalDistribution.of(1, CV).createSampler(rng);
        int wide = 3;
        Map<Integer, Double> namedRate = new LinkedHashMap<>();
        for (int repeats : new int[] {2, 3, 5, 10}) {
            int named = 0;
            int covered = 0;
            for (int r = 0; r < WIDE_RUNS; r++) {
                Map<String, double[]> run = run(noise, repeats, wide, 3);
                RunNoise model = RunNoise.of(run);
                String step = "s" + wide;
                EffectInterval i = EffectInterval.ratio("base", list(run.get("base")), list(run.get(step)),
                        model.between("base", step));
                boolean own = !PooledLogSpread.METHOD.equals(i.method());
                named += own ? 1 : 0;
                covered += i.contains(EFFECTS[wide]) ? 1 : 0;
                if (own) {
                    // the step itself, or the base it is set against (a false naming, at most 5 % of runs)
                    assertThat(i.note()).contains("a spread that differs from the run's");
                }
            }
            namedRate.put(repeats, (double) named / WIDE_RUNS);
            System.out.printf(Locale.ROOT, "one step at 3 x the spread, %d repeats a step: named in %.1f %% of %d runs;"
                    + " its interval covers its effect in %.1f %%%n", repeats, 100.0 * named / WIDE_RUNS, WIDE_RUNS,
                    100.0 * covered / WIDE_RUNS);
        }
        assertThat(namedRate.get(10)).isGreaterThan(0.9);
        assertThat(namedRate.get(5)).isGreaterThan(namedRate.get(3));
        assertThat(namedRate.get(3)).isGreaterThan(namedRate.get(2));
    }

    private static double median(List<Double> v) {
        return Median.withDefaults().evaluate(v.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
