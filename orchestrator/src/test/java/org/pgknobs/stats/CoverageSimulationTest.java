package org.pgknobs.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleSupplier;
import java.util.stream.Stream;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.apache.commons.statistics.descriptive.Median;
import org.apache.commons.statistics.distribution.GammaDistribution;
import org.apache.commons.statistics.distribution.LogNormalDistribution;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.PoissonDistribution;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The intervals' coverage by simulation: 1,000 experiments per (noise, repeats), each with base repeats drawn from
 * a noise distribution around 1,000/s and step repeats from the same distribution times a known ratio, 1.2. A
 * nominal 95 % interval must hold the true ratio in at least 93 % of the experiments wherever it gives an interval.
 * The figures go to the test output (docs/statistics.md quotes them).
 */
@Tag("unit")
class CoverageSimulationTest {

    private static final int EXPERIMENTS = 1_000;
    private static final double TRUE_RATIO = 1.2;

    /** Noise shapes: multiplicative, so step = ratio × (draw from the same shape) is a shift on logs. */
    enum Noise {
        NORMAL_CV_10 {
            @Override
            DoubleSupplier sampler(UniformRandomProvider rng) {
                return NormalDistribution.of(1, 0.10).createSampler(rng)::sample;
            }
        },
        LOGNORMAL_SIGMA_03 {
            @Override
            DoubleSupplier sampler(UniformRandomProvider rng) {
                return LogNormalDistribution.of(0, 0.3).createSampler(rng)::sample;
            }
        },
        /** shape 4: CV 0.5, right-skewed */
        GAMMA_SHAPE_4 {
            @Override
            DoubleSupplier sampler(UniformRandomProvider rng) {
                return GammaDistribution.of(4, 0.25).createSampler(rng)::sample;
            }
        },
        /** 3 % normal noise, and one run in six 35 % slower (a checkpoint or autovacuum landing in the window) */
        OCCASIONAL_SLOW_RUN {
            @Override
            DoubleSupplier sampler(UniformRandomProvider rng) {
                var normal = NormalDistribution.of(1, 0.03).createSampler(rng);
                return () -> normal.sample() * (rng.nextDouble() < 1.0 / 6 ? 0.65 : 1);
            }
        };

        abstract DoubleSupplier sampler(UniformRandomProvider rng);
    }

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (Noise noise : Noise.values()) {
            for (int repeats : new int[] {2, 3, 5, 10}) {
                cases.add(Arguments.of(noise, repeats));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}, {1} repeats per side")
    @MethodSource("cases")
    void nominal95PercentIntervalsHoldTheTrueRatioInAtLeast93PercentOfExperiments(Noise noise, int repeats) {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(24L * 1000 + noise.ordinal() * 100 + repeats);
        DoubleSupplier draw = noise.sampler(rng);
        Tally welch = new Tally();
        Tally hodgesLehmann = new Tally();
        for (int e = 0; e < EXPERIMENTS; e++) {
            double[] base = draws(draw, repeats, 1000);
            double[] step = draws(draw, repeats, 1000 * TRUE_RATIO);
            Effect effect = Effect.of(base, step);
            welch.add(effect.welch());
            hodgesLehmann.add(effect.hodgesLehmann());
        }
        System.out.printf(Locale.ROOT, "coverage %-20s n=%2d  welch-log %s  hodges-lehmann-log %s%n", noise, repeats,
                welch, hodgesLehmann);
        assertThat(welch.given).as("Welch gives an interval from 2 repeats per side").isEqualTo(EXPERIMENTS);
        assertThat(welch.coverage()).as("Welch coverage").isGreaterThanOrEqualTo(0.93);
        if (repeats >= HodgesLehmannLogRatio.repeatsNeeded(0.95)) {
            assertThat(hodgesLehmann.given).isEqualTo(EXPERIMENTS);
            assertThat(hodgesLehmann.coverage()).as("Hodges-Lehmann coverage").isGreaterThanOrEqualTo(0.93);
        } else {
            assertThat(hodgesLehmann.given).as("no rank interval below 4 repeats per side").isZero();
            assertThat(hodgesLehmann.none).allSatisfy(n -> assertThat(n.repeatsNeeded()).isEqualTo(4));
        }
    }

    static Stream<Arguments> boundCases() {
        List<Arguments> cases = new ArrayList<>();
        for (Noise noise : Noise.values()) {
            for (int repeats : new int[] {2, 3, 5, 10}) {
                for (double perWindow : new double[] {0.3, 3}) {
                    cases.add(Arguments.of(noise, repeats, perWindow));
                }
            }
        }
        return cases.stream();
    }

    /**
     * The slowdown bound of a step that completed nothing in some repeat ({@link SlowdownBound}): the base's repeats
     * drawn as above, the step's committed counts from a Poisson law with {@code perWindow} expected per 120 s
     * window. Only experiments where some step repeat counted 0 use the bound, so only they count: 1,000 of them.
     * The truth is the base's geometric mean (1,000/s times the noise's, from a million draws) over the step's rate.
     */
    @ParameterizedTest(name = "{0}, {1} repeats, {2} per window")
    @MethodSource("boundCases")
    void theSlowdownBoundLiesBelowTheTrueSlowdownInAtLeast93PercentOfExperiments(Noise noise, int repeats,
                                                                                double perWindow) {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(
                24L * 7000 + noise.ordinal() * 100 + repeats * 10 + (long) (perWindow * 10));
        DoubleSupplier draw = noise.sampler(rng);
        double window = 120;
        double rate = perWindow / window;
        double truth = 1000 * geometricMean(noise.sampler(RandomSource.XO_RO_SHI_RO_128_PP.create(99L))) / rate;
        var poisson = PoissonDistribution.of(perWindow).createSampler(rng);
        int used = 0;
        int covered = 0;
        List<Double> bounds = new ArrayList<>();
        while (used < EXPERIMENTS) {
            double[] base = draws(draw, repeats, 1000);
            long[] counts = new long[repeats];
            Arrays.setAll(counts, i -> poisson.sample());
            if (Arrays.stream(counts).noneMatch(c -> c == 0)) {
                continue; // every repeat completed something: Welch on logs, not the bound
            }
            SlowdownBound b = SlowdownBound.of(base, Arrays.stream(counts).sum(), repeats * window, 0.95);
            used++;
            covered += b.lower() <= truth ? 1 : 0;
            bounds.add(b.lower() / truth);
        }
        double median = Median.withDefaults().evaluate(bounds.stream().mapToDouble(Double::doubleValue).toArray());
        System.out.printf(Locale.ROOT, "bound    %-20s n=%2d  %.1f per window  coverage %5.1f %% (median bound %.2f of the truth)%n",
                noise, repeats, perWindow, 100.0 * covered / used, median);
        assertThat(covered / (double) used).as("slowdown bound coverage").isGreaterThanOrEqualTo(0.93);
    }

    private static double geometricMean(DoubleSupplier draw) {
        double sum = 0;
        int n = 1_000_000;
        for (int i = 0; i < n; i++) {
            sum += Math.log(draw.getAsDouble());
        }
        return Math.exp(sum / n);
    }

    private static double[] draws(DoubleSupplier draw, int n, double scale) {
        double[] values = new double[n];
        Arrays.setAll(values, i -> scale * draw.getAsDouble());
        return values;
    }

    /** Counts, for one method, how often it gave an interval and how often that interval held the truth. */
    private static final class Tally {
        int given;
        int covered;
        final List<Double> halfWidths = new ArrayList<>();
        final List<NoInterval> none = new ArrayList<>();

        void add(RatioResult result) {
            if (result instanceof RatioInterval interval) {
                given++;
                covered += interval.contains(TRUE_RATIO) ? 1 : 0;
                halfWidths.add(interval.relativeHalfWidth());
            } else {
                none.add((NoInterval) result);
            }
        }

        double coverage() {
            return covered / (double) given;
        }

        @Override
        public String toString() {
            if (given == 0) {
                return String.format(Locale.ROOT, "%-28s", "no interval (" + none.get(0).repeatsNeeded() + " needed)");
            }
            double medianHalfWidth = Median.withDefaults()
                    .evaluate(halfWidths.stream().mapToDouble(Double::doubleValue).toArray());
            return String.format(Locale.ROOT, "%5.1f %% (median ±%5.1f %%)", 100 * coverage(), 100 * medianHalfWidth);
        }
    }
}
