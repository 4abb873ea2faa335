package org.pgknobs.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;
import org.apache.commons.statistics.descriptive.Median;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The steady-state check over many seeded series of per-second throughput around 1,000/s with 5 % noise, i.i.d.
 * or AR(1) (φ = 0.5, the autocorrelation that makes a naive test fire on flat noise): it stays silent on flat
 * series (at most 10 % false alarms at α = 0.05) and fires on a +20 % ramp across the window and a +20 % step in
 * the middle (at least 90 %). The rates go to the test output (docs/statistics.md quotes them).
 */
@Tag("unit")
class SteadyStateCheckTest {

    private static final int SERIES = 200;
    private static final SteadyStateCheck CHECK = SteadyStateCheck.defaults();

    enum Shape { FLAT, RAMP_20, STEP_20 }

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (int length : new int[] {30, 60, 120}) {
            for (double phi : new double[] {0, 0.5}) {
                for (Shape shape : Shape.values()) {
                    cases.add(Arguments.of(shape, length, phi));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}, {1} s, AR(1) phi {2}")
    @MethodSource("cases")
    void firesOnRampsAndStepsAndStaysSilentOnFlatNoise(Shape shape, int length, double phi) {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(length * 31L + shape.ordinal() + (long) (phi * 10));
        int fired = 0;
        List<Double> changes = new ArrayList<>();
        for (int s = 0; s < SERIES; s++) {
            SteadyState state = CHECK.test(series(rng, shape, length, phi));
            if (state.verdict() == SteadyState.Verdict.NOT_STEADY) {
                fired++;
                changes.add(state.relativeChange());
            }
        }
        double rate = fired / (double) SERIES;
        double medianChange = changes.isEmpty() ? 0
                : Median.withDefaults().evaluate(changes.stream().mapToDouble(Double::doubleValue).toArray());
        System.out.printf(Locale.ROOT, "steady-state %-7s T=%3d phi=%.1f  not steady in %5.1f %%  median change %+5.1f %%%n",
                shape, length, phi, 100 * rate, 100 * medianChange);
        if (shape == Shape.FLAT) {
            assertThat(rate).as("false alarms on flat noise").isLessThanOrEqualTo(0.10);
        } else {
            assertThat(rate).as("detection").isGreaterThanOrEqualTo(0.90);
            assertThat(medianChange).as("the change's direction and size").isBetween(0.10, 0.30);
        }
    }

    @Test
    void aStepChangeReportsTheStepAsTheRelativeChange() {
        double[] series = new double[60];
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(7L);
        var normal = ZigguratSampler.NormalizedGaussian.of(rng);
        for (int i = 0; i < series.length; i++) {
            series[i] = (i < 20 ? 1000 : 1310) + 10 * normal.sample();
        }

        SteadyState state = CHECK.test(series);

        assertThat(state.steady()).isFalse();
        assertThat(state.changePoints()).contains(20);
        assertThat(state.relativeChange()).isBetween(0.29, 0.33);
        assertThat(state.firstLevel()).isBetween(990.0, 1010.0);
    }

    @Test
    void aFallingRampReadsNegative() {
        double[] series = new double[60];
        for (int i = 0; i < series.length; i++) {
            series[i] = 1000 - 5 * i + (i % 3 - 1) * 4;
        }

        SteadyState state = CHECK.test(series);

        assertThat(state.verdict()).isEqualTo(SteadyState.Verdict.NOT_STEADY);
        assertThat(state.relativeChange()).isLessThan(-0.15);
    }

    @Test
    void theSameSeriesGetsTheSameVerdictAndPValue() {
        double[] series = series(RandomSource.XO_RO_SHI_RO_128_PP.create(3L), Shape.FLAT, 60, 0.5);

        assertThat(CHECK.test(series)).isEqualTo(CHECK.test(series));
    }

    @Test
    void aConstantSeriesIsSteady() {
        assertThat(CHECK.test(new double[40]).steady()).isTrue();
    }

    @Test
    void fewerThanTwentySamplesAreTooShortToTell() {
        SteadyState state = CHECK.test(new double[] {1078, 1052, 1193, 1364, 1324, 1226});

        assertThat(state.verdict()).isEqualTo(SteadyState.Verdict.TOO_SHORT);
        assertThat(state.pValue()).isNaN();
        assertThat(state.firstLevel()).isCloseTo(1206.17, org.assertj.core.api.Assertions.within(0.01));
    }

    /** Level 1,000; 5 % marginal noise, AR(1) with the given φ; a ramp or a step of +20 % when asked. */
    private static double[] series(UniformRandomProvider rng, Shape shape, int length, double phi) {
        var normal = ZigguratSampler.NormalizedGaussian.of(rng);
        double innovationScale = Math.sqrt(1 - phi * phi);
        double noise = normal.sample();
        double[] series = new double[length];
        for (int i = 0; i < length; i++) {
            if (i > 0) {
                noise = phi * noise + innovationScale * normal.sample();
            }
            double level = switch (shape) {
                case FLAT -> 1;
                case RAMP_20 -> 1 + 0.2 * i / (length - 1);
                case STEP_20 -> i < length / 2 ? 1 : 1.2;
            };
            series[i] = 1000 * (level + 0.05 * noise);
        }
        return series;
    }
}
