package org.pgknobs.history.changes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.stats.RatioInterval;

/** Series with known change points, drawn with fixed seeds: runs at ~1 % noise, like a steady throughput. */
@Tag("unit")
class ChangePointsSyntheticTest {

    /** Values around 1000 with a relative spread of 1 %, the level of a quiet machine's repeated runs. */
    private static double[] noisy(long seed, double... levels) {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        var gaussian = ZigguratSampler.NormalizedGaussian.of(rng);
        double[] values = new double[levels.length];
        for (int i = 0; i < levels.length; i++) {
            values[i] = 1000 * levels[i] * (1 + 0.01 * gaussian.sample());
        }
        return values;
    }

    private static double[] levels(int length, int stepAt, double after) {
        double[] levels = new double[length];
        for (int i = 0; i < length; i++) {
            levels[i] = i < stepAt ? 1.0 : after;
        }
        return levels;
    }

    @Test
    void aFivePercentStepIsFoundWithinOneRunWithItsRatio() {
        int covering = 0;
        for (long seed = 1; seed <= 20; seed++) {
            List<ChangePoint> points = ChangePoints.detect(noisy(seed, levels(30, 17, 0.95)), ChangePointOptions.DEFAULTS);
            assertEquals(1, points.size(), "seed " + seed + ": " + points);
            ChangePoint p = points.get(0);
            assertTrue(Math.abs(p.index() - 17) <= 1, "seed " + seed + ": found at " + p.index());
            RatioInterval ratio = assertInstanceOf(RatioInterval.class, p.ratio());
            assertTrue(ratio.upper() < 1, "seed " + seed + ": a 5 % step's interval excludes 1: " + ratio);
            assertTrue(p.pValue() < 0.001, "p " + p.pValue());
            covering += ratio.contains(0.95) ? 1 : 0;
        }
        // 95 % intervals: 17 or more of 20 hold the true ratio unless the interval is wrong (binomial P(≤ 16) = 1.6 %);
        // 200 seeds gave 196 found within ±1 and 189 of them covering
        assertTrue(covering >= 17, covering + " of 20 intervals hold 0.95");
    }

    @Test
    void aStepThreeRunsFromTheEndIsFound() {
        // the history gate's case: six runs, the last three slower
        List<ChangePoint> points = ChangePoints.detect(noisy(7, levels(6, 3, 0.8)), new ChangePointOptions(50, 0.01, 0));
        assertEquals(List.of(3), points.stream().map(ChangePoint::index).toList(), points.toString());
    }

    /**
     * A ramp of ten runs (1.0 down to 0.8) between two flat stretches: every series is cut inside the ramp and
     * never in the flat start. The flat tail may be cut again at a small step (seeds 3, 9 and 15: at 29, 29, 33,
     * ratios 1.017, 0.980, 0.983): Otava 1ceb153's compute_change_points gives the same three cuts on these series,
     * because the window restarts at the ramp's last cut and looks at the tail again; the test bounds their size.
     */
    @Test
    void aRampIsCutInsideTheRamp() {
        double[] levels = new double[40];
        for (int i = 0; i < levels.length; i++) {
            levels[i] = i < 15 ? 1.0 : i < 25 ? 1.0 - 0.02 * (i - 15) : 0.8;
        }
        for (long seed = 1; seed <= 20; seed++) {
            List<ChangePoint> points = ChangePoints.detect(noisy(seed, levels), ChangePointOptions.DEFAULTS);
            String where = "seed " + seed + ": " + points;
            assertTrue(points.stream().anyMatch(p -> p.index() >= 15 && p.index() <= 25), where);
            assertTrue(points.stream().allMatch(p -> p.index() >= 14), "no cut in the flat start: " + where);
            assertTrue(points.stream().filter(p -> p.index() > 26).allMatch(p -> p.magnitude() < 0.03), where);
        }
    }

    @Test
    void shortAndConstantSeriesHaveNoChangePoint() {
        assertEquals(List.of(), ChangePoints.detect(new double[0], ChangePointOptions.DEFAULTS));
        assertEquals(List.of(), ChangePoints.detect(new double[] {5}, ChangePointOptions.DEFAULTS));
        assertEquals(List.of(), ChangePoints.detect(new double[] {5, 5, 5, 5, 5, 5}, ChangePointOptions.DEFAULTS));
    }

    /**
     * Noise alone: the share of 30-run series in which the defaults find any change point. Over 2,000 series it
     * was 69 (3.45 %; 77 points in 60,000 runs, 0.13 % per run), the figure docs/statistics.md states; the 400
     * here must land near it (binomial: 14 expected, sd 3.7).
     */
    @Test
    void noiseAloneGivesChangePointsAtTheDocumentedRate() {
        int series = 400;
        int withAny = 0;
        for (long seed = 0; seed < series; seed++) {
            if (!ChangePoints.detect(noisy(1000 + seed, levels(30, 30, 1.0)), ChangePointOptions.DEFAULTS).isEmpty()) {
                withAny++;
            }
        }
        assertTrue(withAny >= 4 && withAny <= 26, withAny + " of " + series + " noise-only series with a change point");
    }
}
