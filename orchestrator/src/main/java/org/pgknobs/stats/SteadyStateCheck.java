package org.pgknobs.stats;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.ArraySampler;
import org.apache.commons.rng.simple.RandomSource;
import org.apache.commons.statistics.descriptive.Mean;

/**
 * The steady-state test of one measured window: a CUSUM change-point test whose null distribution comes from
 * circular block permutations of the series itself, then binary segmentation to say how far the level moved.
 *
 * <p>Per-second throughput is autocorrelated, so a test that treats the seconds as independent fires on flat
 * noise. Here the statistic is the largest absolute cumulative sum of deviations from the window's mean, max_k
 * |Σ<sub>i≤k</sub>(x_i − x̄)| (Page, "Continuous inspection schemes", Biometrika 1954), which a trend or a level
 * shift both make large. Its p-value compares it with the same statistic over {@code permutations} rearrangements of
 * the series cut into blocks of about √T points, each rearrangement starting the blocks at a random offset of the
 * series read as a circle: blocks keep the short-range dependence within them (Künsch, Ann. Statist. 1989; circular
 * blocks: Politis &amp; Romano 1992; block permutation for change-point tests: Kirch, J. Statist. Plann. Inference
 * 2007), and the random offset keeps a step that falls on a block boundary from surviving every rearrangement. A
 * window the test rejects is split at the CUSUM's peak, and each part that is still long enough is tested again
 * (binary segmentation, Vostrikova 1981), so {@link SteadyState#relativeChange()} is last segment over first: for
 * a step change it is the step; for a ramp it understates the end-to-end change (the segments' means sit inside
 * the ramp). The idea of finding the steady state by change points rather than a fixed warm-up is Barrett et al.,
 * "Virtual machine warmup blows hot and cold" (OOPSLA 2017). Measured false-positive rates and detection rates on
 * AR(1) noise are in docs/statistics.md. The permutations come from a fixed seed: the same series always gets
 * the same verdict.
 *
 * @param alpha          the test's level (0.05)
 * @param permutations   rearrangements per test (499: the p-value to ±0.01 near 0.05)
 * @param seed           the generator's seed
 * @param minimumSamples the shortest series (and segment) tested; shorter ones are {@code TOO_SHORT}
 */
public record SteadyStateCheck(double alpha, int permutations, long seed, int minimumSamples) {

    public SteadyStateCheck {
        if (!(alpha > 0 && alpha < 1) || permutations < 19 || minimumSamples < 8) {
            throw new IllegalArgumentException("steady-state check needs 0 < alpha < 1, >= 19 permutations and"
                    + " >= 8 samples, got " + alpha + ", " + permutations + ", " + minimumSamples);
        }
    }

    /** α = 0.05, 499 permutations, 20 samples at least (below that the test has too few blocks to detect much). */
    public static SteadyStateCheck defaults() {
        return new SteadyStateCheck(0.05, 499, 0x9e3779b97f4a7c15L, 20);
    }

    /** Tests one window's series, in time order. */
    public SteadyState test(double[] series) {
        if (series.length < minimumSamples) {
            double mean = series.length == 0 ? Double.NaN : Mean.of(series).getAsDouble();
            return new SteadyState(SteadyState.Verdict.TOO_SHORT, series.length, Double.NaN, List.of(), mean, mean, 0);
        }
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        double pValue = pValue(series, 0, series.length, rng);
        if (pValue > alpha) {
            double mean = Mean.of(series).getAsDouble();
            return new SteadyState(SteadyState.Verdict.STEADY, series.length, pValue, List.of(), mean, mean, 0);
        }
        List<Integer> starts = new ArrayList<>();
        split(series, 0, series.length, rng, starts);
        starts.sort(null);
        int firstEnd = starts.isEmpty() ? series.length : starts.get(0);
        int lastStart = starts.isEmpty() ? 0 : starts.get(starts.size() - 1);
        double first = Mean.ofRange(series, 0, firstEnd).getAsDouble();
        double last = Mean.ofRange(series, lastStart, series.length).getAsDouble();
        return new SteadyState(SteadyState.Verdict.NOT_STEADY, series.length, pValue, starts, first, last,
                last / first - 1);
    }

    /** Splits [from, to) at its CUSUM peak (already found significant) and recurses into long-enough parts. */
    private void split(double[] series, int from, int to, UniformRandomProvider rng, List<Integer> starts) {
        int at = peak(series, from, to).at();
        starts.add(at);
        if (at - from >= minimumSamples && pValue(series, from, at, rng) <= alpha) {
            split(series, from, at, rng, starts);
        }
        if (to - at >= minimumSamples && pValue(series, at, to, rng) <= alpha) {
            split(series, at, to, rng, starts);
        }
    }

    private double pValue(double[] series, int from, int to, UniformRandomProvider rng) {
        int length = to - from;
        double observed = peak(series, from, to).size();
        int block = Math.max(2, (int) Math.round(Math.sqrt(length)));
        int[] order = new int[(length + block - 1) / block];
        double[] rearranged = new double[length];
        int atLeast = 1;
        for (int p = 0; p < permutations; p++) {
            int offset = rng.nextInt(length);
            for (int b = 0; b < order.length; b++) {
                order[b] = b;
            }
            ArraySampler.shuffle(rng, order);
            int next = 0;
            for (int b : order) {
                for (int i = b * block; i < Math.min(length, (b + 1) * block); i++) {
                    rearranged[next++] = series[from + (i + offset) % length];
                }
            }
            if (peak(rearranged, 0, length).size() >= observed * (1 - 1e-12)) {
                atLeast++;
            }
        }
        return atLeast / (permutations + 1.0);
    }

    /** The CUSUM's largest excursion over [from, to), and the index where the part after it starts. */
    private static Peak peak(double[] series, int from, int to) {
        double mean = Mean.ofRange(series, from, to).getAsDouble();
        double sum = 0;
        Peak peak = new Peak(from + 1, 0);
        for (int i = from; i < to - 1; i++) {
            sum += series[i] - mean;
            if (Math.abs(sum) > peak.size()) {
                peak = new Peak(i + 1, Math.abs(sum));
            }
        }
        return peak;
    }

    private record Peak(int at, double size) {
    }
}
