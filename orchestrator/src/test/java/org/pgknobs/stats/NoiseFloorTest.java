package org.pgknobs.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The noise floor against figures worked out by hand with t quantiles from a printed table (3 decimals). */
@Tag("unit")
class NoiseFloorTest {

    /** Logs {0, 0.1, 0.2, 0.3, 0.4}: variance (0.04 + 0.01 + 0 + 0.01 + 0.04) / 4 = 0.025, s = 0.158114. */
    private static final double[] FIVE = FromLogs.values(0, 0.1, 0.2, 0.3, 0.4);

    /** Mean 100, standard deviation sqrt((100 + 0 + 100) / 2) = 10: CV 0.10. */
    @Test
    void coefficientOfVariationIsStandardDeviationOverMean() {
        NoiseFloor floor = NoiseFloor.measure(new double[] {90, 100, 110});

        assertThat(floor.mean()).isCloseTo(100, within(1e-9));
        assertThat(floor.coefficientOfVariation()).isCloseTo(0.10, within(1e-12));
        assertThat(floor.repeats()).isEqualTo(3);
    }

    /** t(0.975, 4) = 2.776: 2.776 · 0.158114 / sqrt(5) = 0.196292, exp − 1 = 0.21688 (exact t: 0.21692). */
    @Test
    void halfWidthIsTheMeansTIntervalOnLogs() {
        NoiseFloor floor = NoiseFloor.measure(FIVE);

        assertThat(floor.logStandardDeviation()).isCloseTo(0.158114, within(1e-6));
        assertThat(floor.relativeHalfWidth()).isCloseTo(0.21688, within(1e-4));
    }

    /**
     * 5 per side, ν = 8: t(0.975, 8) = 2.306, t(0.80, 8) = 0.889; s · sqrt(2/5) = sqrt(0.025 · 0.4) = 0.1 exactly, so
     * δ = (2.306 + 0.889) · 0.1 = 0.3195 and the effect exp(0.3195) − 1 = 0.3764.
     */
    @Test
    void minimumDetectableEffectUsesBothTQuantilesAtTwoNMinusTwoDegreesOfFreedom() {
        NoiseFloor floor = NoiseFloor.measure(FIVE);

        assertThat(floor.minimumDetectableEffect()).isCloseTo(0.3764, within(2e-4));
        assertThat(floor.detectableAt(5)).isEqualTo(floor.minimumDetectableEffect());
    }

    /**
     * +20 %: log 1.2 = 0.18232. At 12 per side (ν = 22: 2.074 + 0.858) δ = 2.932 · 0.158114 · sqrt(2/12) = 0.18926,
     * too wide; at 13 (ν = 24: 2.064 + 0.857) δ = 2.921 · 0.158114 · sqrt(2/13) = 0.18115, enough. So 13. A −20 %
     * effect is log 0.8 = −0.22314: at 9 (ν = 16: 2.120 + 0.865) δ = 2.985 · 0.074536 = 0.22249, at 8 (ν = 14: 2.145
     * + 0.868) 3.013 · 0.079057 = 0.23820: so 9.
     */
    @Test
    void repeatsToDetectIsTheFewestPerSideWhoseDetectableEffectReachesIt() {
        NoiseFloor floor = NoiseFloor.measure(FIVE);

        assertThat(floor.repeatsToDetect(0.20)).hasValue(13);
        assertThat(floor.repeatsToDetect(-0.20)).hasValue(9);
        assertThat(floor.repeatsToDetect(1e-6)).isEmpty();
    }

    @Test
    void oneRepeatHasNoNoiseFloor() {
        assertThatThrownBy(() -> NoiseFloor.measure(new double[] {100}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 2 repeats");
    }
}
