package org.pgknobs.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Against values worked out by hand and Garwood's published table. */
@Tag("unit")
class SlowdownBoundTest {

    @Test
    void zeroEventsGiveMinusLogAlphaOverTheSeconds() {
        // chi-squared with 2 degrees of freedom is exponential with mean 2: the quantile is -2 ln(1 - level)
        assertThat(SlowdownBound.poissonRateUpper(0, 240, 0.975)).isCloseTo(-Math.log(0.025) / 240, within(1e-12));
        // the rule of three: 0 in n at one-sided 95 % gives about 3 / n
        assertThat(SlowdownBound.poissonRateUpper(0, 100, 0.95)).isCloseTo(2.9957 / 100, within(1e-5));
    }

    @Test
    void fiveEventsMatchGarwoodsTable() {
        // exact 95 % limits for a Poisson count of 5: 1.623-11.668 (Garwood 1936; e.g. Ulm, Am J Epidemiol 1990)
        assertThat(SlowdownBound.poissonRateUpper(5, 1, 0.975)).isCloseTo(11.668, within(0.001));
        assertThat(SlowdownBound.poissonRateUpper(5, 10, 0.975)).isCloseTo(1.1668, within(0.0001));
    }

    @Test
    void theBoundIsTheReferencesLowerLimitOverTheStepsUpperLimit() {
        // reference 600 and 700 tps: logs 6.39693 and 6.55108, mean 6.474005, sd 0.109001, se 0.0770755;
        // t(0.975, 1) = 12.7062047: lower limit exp(6.474005 - 0.979336) = exp(5.494669) = 243.39
        SlowdownBound b = SlowdownBound.of(new double[] {600, 700}, 0, 240, 0.95);
        assertThat(b.referenceLower()).isCloseTo(243.39, within(0.05));
        assertThat(b.stepRateUpper()).isCloseTo(3.688879 / 240, within(1e-8));
        assertThat(b.lower()).isCloseTo(243.39 / (3.688879 / 240), within(5.0)); // 15,835
        assertThat(b.stepEvents()).isZero();
        assertThat(b.confidence()).isEqualTo(0.95);
    }

    @Test
    void identicalReferenceRepeatsBoundByTheirValue() {
        SlowdownBound b = SlowdownBound.of(new double[] {500, 500, 500}, 0, 120, 0.95);
        assertThat(b.referenceLower()).isCloseTo(500, within(1e-9));
        assertThat(b.lower()).isCloseTo(500 * 120 / -Math.log(0.025), within(1e-6));
    }

    @Test
    void oneReferenceRepeatOrNoSecondsIsRefused() {
        assertThatThrownBy(() -> SlowdownBound.of(new double[] {500}, 0, 120, 0.95)).hasMessageContaining(">= 2");
        assertThatThrownBy(() -> SlowdownBound.of(new double[] {500, 510}, 0, 0, 0.95)).hasMessageContaining("seconds");
    }
}
