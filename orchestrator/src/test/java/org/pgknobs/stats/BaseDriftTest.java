package org.pgknobs.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The bracketed base's drift test and the Mann–Kendall trend, on series whose answer is known by construction. */
@Tag("unit")
class BaseDriftTest {

    private static double[] window(double level, double noise, int seconds, long seed) {
        Random r = new Random(seed);
        return IntStream.range(0, seconds).mapToDouble(i -> level * (1 + noise * r.nextGaussian())).toArray();
    }

    @Test
    void aBaseThatMovedFarMoreThanItsWindowsVaryIsBeyondTheNoise() {
        BaseDrift d = BaseDrift.of(66_364, 90_876, window(66_364, 0.03, 30, 1), window(90_876, 0.03, 30, 2));
        assertThat(d.factor()).isCloseTo(90_876 / 66_364.0, within(1e-12));
        assertThat(d.beyondNoise()).isTrue();
        assertThat(d.interval()).isInstanceOfSatisfying(RatioInterval.class, i -> assertThat(i.lower()).isGreaterThan(1.2));
        assertThat(d.percent()).isEqualTo("+37 %");
    }

    @Test
    void aBaseThatMovedLessThanItsWindowsVaryIsNot() {
        BaseDrift d = BaseDrift.of(1000, 1010, window(1000, 0.2, 30, 3), window(1010, 0.2, 30, 4));
        assertThat(d.beyondNoise()).isFalse();
        assertThat(d.interval()).isInstanceOfSatisfying(RatioInterval.class, i -> assertThat(i.containsOne()).isTrue());
    }

    @Test
    void withoutTheWindowsSecondsThereIsNoTestAndNoFinding() {
        BaseDrift d = BaseDrift.of(1000, 2000, new double[0], new double[] {2000, 2000});
        assertThat(d.interval()).isInstanceOf(NoInterval.class);
        assertThat(d.beyondNoise()).isFalse();
        assertThat(BaseDrift.batchMeans(new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17}))
                .as("8 batches of 2, the last second dropped").containsExactly(1.5, 3.5, 5.5, 7.5, 9.5, 11.5, 13.5, 15.5);
    }

    @Test
    void mannKendallFindsARiseRunAfterRunAndNotAShuffle() {
        // the a2..a17 after the base: rising step after step
        double[] rising = {66_364, 74_842, 78_061, 82_435, 83_100, 84_900, 86_000, 86_500, 87_900, 88_200, 89_000,
                89_900, 90_100, 90_876, 91_424};
        MonotonicTrend up = MonotonicTrend.of(rising);
        assertThat(up.tau()).isEqualTo(1.0);
        assertThat(up.pValue()).isLessThan(0.001);
        assertThat(up.significant()).isTrue();
        MonotonicTrend flat = MonotonicTrend.of(new double[] {5, 1, 4, 2, 3, 3, 2, 4, 1, 5});
        assertThat(flat.s()).isZero();
        assertThat(flat.pValue()).isEqualTo(1.0);
        assertThat(flat.significant()).isFalse();
        // n = 10 falling: S = -45, var = 10·9·25/18 = 125, z = (-45 + 1)/sqrt(125) = -3.935, p = 8.3e-5
        MonotonicTrend down = MonotonicTrend.of(IntStream.range(0, 10).mapToDouble(i -> 10 - i).toArray());
        assertThat(down.z()).isCloseTo(-44 / Math.sqrt(125), within(1e-9));
        assertThat(down.pValue()).isCloseTo(8.303e-5, within(0.005e-5));
        assertThat(MonotonicTrend.of(new double[] {1, 2})).as("two values: no test").isNull();
    }
}
