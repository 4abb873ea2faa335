package org.pgknobs.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.function.IntToDoubleFunction;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code warmup: auto}'s decision on crafted per-second series (1,000/s, 5 % AR(1) noise with φ = 0.5): a flat
 * warm-up ends as soon as the trailing seconds have tested steady for a third of their length, a cache warming up
 * ends once the curve has flattened, a series that keeps climbing runs on (to the cap when the check never misses).
 * The endings go to the test output (docs/statistics.md quotes them).
 */
@Tag("unit")
class SteadyWarmupTest {

    private static final SteadyWarmup AUTO = SteadyWarmup.of(300, 30);

    @Test
    void goesOnBeforeTheTrailingSecondsAreConfirmedAndStopsAtTheCapWhenNeverSteady() {
        double[] flat = new double[39];
        Arrays.fill(flat, 1000);
        assertThat(AUTO.confirmations()).isEqualTo(10);
        assertThat(AUTO.next(Arrays.copyOf(flat, 38))).isEqualTo(SteadyWarmup.Decision.CONTINUE);
        assertThat(AUTO.next(flat)).isEqualTo(SteadyWarmup.Decision.STEADY);
        double[] climbing = new double[300];
        for (int i = 0; i < climbing.length; i++) {
            climbing[i] = 500 + 10 * i;
        }
        assertThat(AUTO.next(Arrays.copyOf(climbing, 299))).isEqualTo(SteadyWarmup.Decision.CONTINUE);
        assertThat(AUTO.next(climbing)).isEqualTo(SteadyWarmup.Decision.CAP);
    }

    @Test
    void flatNoiseEndsTheWarmUpOnceTheTrailingSecondsAreConfirmed() {
        int[] ends = endings("flat", 40, t -> 1000);
        // AR(1) noise makes the check fire on ~8 % of flat 30 s series, so a few end a little later
        assertThat(ends[ends.length / 2]).isEqualTo(39);
        assertThat(ends[ends.length - 1]).isLessThan(90);
    }

    @Test
    void aWarmingCacheEndsTheWarmUpOnlyOnceTheCurveHasFlattened() {
        // from 50 % to 100 % of the final level, time constant 20 s: 95 % of the way at 60 s
        IntToDoubleFunction warming = t -> 1000 * (1 - 0.5 * Math.exp(-t / 20.0));
        int[] ends = endings("warming", 12, warming);
        for (int end : ends) {
            assertThat(end).isBetween(50, 299);
            assertThat(warming.applyAsDouble(end)).isGreaterThan(900);
        }
    }

    @Test
    void aSeriesThatKeepsClimbingWarmsUpFarLongerThanAFlatOne() {
        // +1 % of the start per second: +30 % across every trailing 30 s; the check on 30 points misses some
        int[] ends = endings("climbing", 12, t -> 1000 + 10.0 * t);
        assertThat(ends[ends.length / 2]).isGreaterThan(100);
        assertThat(ends[0]).isGreaterThan(60);
    }

    @Test
    void rejectsATrailingStretchTooShortToTestOrACapBelowIt() {
        assertThatThrownBy(() -> SteadyWarmup.of(300, 10)).hasMessageContaining("steady >= 20");
        assertThatThrownBy(() -> SteadyWarmup.of(25, 30)).hasMessageContaining("cap >= steady");
    }

    /** For {@code count} seeded series of {@code level} with noise: the second each warm-up ended at, sorted. */
    private static int[] endings(String shape, int count, IntToDoubleFunction level) {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(20261201L);
        ZigguratSampler.NormalizedGaussian normal = ZigguratSampler.NormalizedGaussian.of(rng);
        int[] ends = new int[count];
        for (int s = 0; s < ends.length; s++) {
            double[] series = new double[AUTO.capSeconds()];
            double noise = 0;
            for (int t = 0; t < series.length; t++) {
                noise = 0.5 * noise + Math.sqrt(1 - 0.25) * 0.05 * normal.sample();
                series[t] = level.applyAsDouble(t) * (1 + noise);
            }
            int t = 1;
            while (!AUTO.next(Arrays.copyOf(series, t)).ends()) {
                t++;
            }
            ends[s] = t;
        }
        Arrays.sort(ends);
        System.out.printf("%s: warm-up ended at %d s min, %d s median, %d s max, %d of %d at the cap%n", shape, ends[0],
                ends[ends.length / 2], ends[ends.length - 1], Arrays.stream(ends).filter(e -> e == 300).count(), ends.length);
        return ends;
    }
}
