package org.pgknobs.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The drift band against the bracketed base's measurements (docs/statistics.md, "Drift"), on the figures of the
 * README's cx7a sweep run on a fresh clone (base: four measurements, a15 ÷ base 0.90 [0.830–0.962]).
 */
@Tag("unit")
class DriftBandTest {

    private static final double[] CX7A_BASE = {53_424.6, 52_943.8, 52_700.6, 54_842.6};

    @Test
    void theBandIsTheLargestExcursionFromTheMeanTheRatiosAreTakenAgainst() {
        double mean = Math.exp((Math.log(53_424.6) + Math.log(52_943.8) + Math.log(52_700.6) + Math.log(54_842.6)) / 4);
        assertThat(Drift.span(CX7A_BASE)).as("highest ÷ lowest").isCloseTo(54_842.6 / 52_700.6, within(1e-9));
        assertThat(Drift.band(CX7A_BASE)).as("the highest point lies furthest from the mean")
                .isCloseTo(54_842.6 / mean, within(1e-9));
        assertThat(Drift.band(CX7A_BASE)).isLessThan(Drift.span(CX7A_BASE));
    }

    @Test
    void anEffectClearOfEveryBasePointIsMarkedOneInsideTheirRangeIsNot() {
        double band = Drift.band(CX7A_BASE);
        assertThat(Mark.of(0.830, 0.962, band)).as("a15: below every base measurement's ratio to the mean")
                .isEqualTo(Mark.DOWN);
        assertThat(Mark.of(0.830, 0.980, band)).as("clear of 1, but a base point lies 2.6 % from the mean")
                .isEqualTo(Mark.NONE);
        assertThat(Mark.of(1.01, 1.20, band)).isEqualTo(Mark.NONE);
        assertThat(Mark.of(1.03, 1.20, band)).isEqualTo(Mark.UP);
    }

    @Test
    void aSlowingMachineGivesAWideBandAndAFallingPointCountsFromTheMeanEitherWay() {
        double[] slowing = {1000, 500, 100};
        double mean = Math.exp((Math.log(1000) + Math.log(500) + Math.log(100)) / 3);
        assertThat(Drift.band(slowing)).as("the lowest point is furthest below the mean").isCloseTo(mean / 100, within(1e-9));
        assertThat(Drift.span(slowing)).isCloseTo(10, within(1e-9));
    }

    @Test
    void aMeasurementThatCompletedNothingIsLeftOutOfTheBand() {
        assertThat(Drift.band(new double[] {100, 0, 100})).isCloseTo(1, within(1e-9));
        assertThat(Drift.band(new double[0])).isEqualTo(1);
    }
}
