package org.pgknobs.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The geometric mean's Student's t interval on logs: a textbook case, one value, bad input, and its coverage. */
@Tag("unit")
class GeometricMeanIntervalTest {

    @Test
    void logsOfZeroOneTwoGiveEToTheOnePlusMinusTTimesOneOverRootThree() {
        GeometricMeanInterval g = GeometricMeanInterval.of(new double[] {1, Math.E, Math.exp(2)}, 0.95);
        // mean of the logs 1, their standard deviation 1; t(0.975, 2) = 4.302653 (any table of Student's t)
        double half = 4.302653 / Math.sqrt(3);
        assertThat(g.estimate()).isCloseTo(Math.E, within(1e-12));
        assertThat(g.lower()).isCloseTo(Math.exp(1 - half), within(1e-6));
        assertThat(g.upper()).isCloseTo(Math.exp(1 + half), within(1e-5));
        assertThat(g.present()).isTrue();
        assertThat(g.n()).isEqualTo(3);
    }

    @Test
    void oneValueHasNoInterval() {
        GeometricMeanInterval g = GeometricMeanInterval.of(new double[] {42}, 0.95);
        assertThat(g.present()).isFalse();
        assertThat(g.estimate()).isCloseTo(42, within(1e-12));
        assertThat(g.lower()).isNaN();
    }

    @Test
    void refusesNoValuesAndValuesWithoutALogarithm() {
        assertThatThrownBy(() -> GeometricMeanInterval.of(new double[0], 0.95)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> GeometricMeanInterval.of(new double[] {1, 0}, 0.95))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** Log-normal samples of 3: the 95 % interval holds the true geometric mean in about 95 % of 4,000 samples. */
    @Test
    void coversTheTrueGeometricMeanAtItsLevel() {
        SplittableRandom random = new SplittableRandom(47);
        int held = 0;
        int samples = 4000;
        for (int i = 0; i < samples; i++) {
            double[] values = new double[3];
            for (int k = 0; k < values.length; k++) {
                values[k] = 100 * Math.exp(0.1 * gaussian(random));
            }
            GeometricMeanInterval g = GeometricMeanInterval.of(values, 0.95);
            held += g.lower() <= 100 && 100 <= g.upper() ? 1 : 0;
        }
        // binomial sd at 95 % of 4,000 is 0.34 %: ±1.2 % is 3.5 sd
        assertThat(held / (double) samples).isCloseTo(0.95, within(0.012));
    }

    private static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }
}
