package org.pgknobs.history.changes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Apache Otava's own test series (tests/analysis_test.py, change_point_divisive_test.py, series_test.py,
 * tigerbeetle_test.py at commit 1ceb153) with the window, p-value and minimum magnitude each test uses, and the
 * change points Otava expects. Not taken over: Otava's incremental append (test_incremental_otava; we recompute the
 * whole series) and its permutation-test variant (test_single_series_original, test_orig_edivisive: random, and
 * the t-test is what Otava uses by default).
 */
@Tag("unit")
class ChangePointsOtavaTest {

    private static List<Integer> indexes(String series, int window, double p, double magnitude) {
        return ChangePoints.detect(OtavaSeries.named(series), new ChangePointOptions(window, p, magnitude)).stream()
                .map(ChangePoint::index).toList();
    }

    @Test
    void singleStepOfAnalysisTest() {
        assertEquals(List.of(10), indexes("single", 10, 0.0001, 0));
    }

    @Test
    void divisiveDetectorAloneOnTheWholeSequence() {
        // change_point_divisive_test.test_ttest: the detector on one window, no merge, at p 0.01
        assertEquals(List.of(5, 8), ChangePoints.divide(OtavaSeries.named("divisive"), 0.01));
    }

    @Test
    void energyCandidateIsTheBruteForceMaximum() {
        // change_point_divisive_test.test_calculator_candidate: the O(L²) sums give the slow formula's maximum
        double[] z = OtavaSeries.named("divisive");
        double best = Double.NEGATIVE_INFINITY;
        int bestTau = -1;
        for (int tau = 1; tau < z.length; tau++) {
            for (int kappa = tau + 1; kappa <= z.length; kappa++) {
                double q = slowQ(z, tau, kappa);
                if (q > best) {
                    best = q;
                    bestTau = tau;
                }
            }
        }
        EnergyStatistic.Candidate c = new EnergyStatistic(z).best(0, z.length);
        assertEquals(bestTau, c.index());
        assertEquals(best, c.qhat(), 1e-9 * best);
    }

    private static double slowQ(double[] z, int tau, int kappa) {
        int n = tau;
        int m = kappa - tau;
        double a = 0;
        double b = 0;
        double c = 0;
        for (int i = 0; i < tau; i++) {
            for (int j = tau; j < kappa; j++) {
                a += Math.abs(z[i] - z[j]);
            }
            for (int k = i + 1; k < tau; k++) {
                b += Math.abs(z[i] - z[k]);
            }
        }
        for (int j = tau; j < kappa; j++) {
            for (int k = j + 1; k < kappa; k++) {
                c += Math.abs(z[j] - z[k]);
            }
        }
        return 2.0 / (m + n) * a - (n > 1 ? 2.0 * m / (m + n) / (n - 1) * b : 0)
                - (m > 1 ? 2.0 * n / (m + n) / (m - 1) * c : 0);
    }

    @Test
    void significanceTesterOfAnalysisTest() {
        double[] same = {1.00, 1.02, 1.05, 0.95, 0.98, 1.00, 1.02, 1.05, 0.95, 0.98};
        double p = StudentSplit.test(same, 0, 5, same.length).pValue();
        assertTrue(0.99 < p && p < 1.01, "p " + p);
        double[] drop = {1.00, 1.02, 1.05, 0.95, 0.98, 0.80, 0.82, 0.85, 0.79, 0.77};
        double q = StudentSplit.test(drop, 0, 5, drop.length).pValue();
        assertTrue(0 < q && q < 0.001, "p " + q);
    }

    @Test
    void seriesTestWithDefaults() {
        ChangePointOptions defaults = ChangePointOptions.DEFAULTS;
        assertEquals(List.of(6), indexes("series1", defaults.window(), defaults.maxPValue(), defaults.minMagnitude()));
        assertEquals(List.of(4), indexes("series2", defaults.window(), defaults.maxPValue(), defaults.minMagnitude()));
    }

    @Test
    void seriesTestMinimumMagnitudeDropsTheSmallStep() {
        assertEquals(List.of(6), indexes("series1", 50, 0.001, 0.2));
        assertEquals(List.of(), indexes("series2", 50, 0.001, 0.2));
    }

    @Test
    void zerosGiveTwoChangePointsTheFirstAtThree() {
        List<ChangePoint> points = ChangePoints.detect(OtavaSeries.named("zeros"), ChangePointOptions.DEFAULTS);
        assertEquals(2, points.size(), points.toString());
        assertEquals(3, points.get(0).index());
        assertTrue(Double.isFinite(points.get(0).magnitude()));
    }

    static Stream<Arguments> tigerbeetle() {
        return Stream.of(
                Arguments.of(0.01, 0.05, List.of(15, 71)),
                Arguments.of(0.05, 0.05, List.of(15, 71)),
                Arguments.of(0.1, 0.05, List.of(10, 11, 15, 71, 363)),
                Arguments.of(0.2, 0.05, List.of(10, 11, 15, 71)),
                Arguments.of(0.2, 0.0, List.of(3, 6, 7, 10, 11, 13, 15, 16, 28, 29, 35, 37, 39, 41, 44, 48, 49, 56, 58,
                        61, 65, 66, 69, 71, 74, 76, 82, 95, 108, 117, 125, 126, 129, 131, 136, 137, 142, 148, 165, 169,
                        187, 190, 192, 197, 200, 212, 220, 241, 243, 246, 247, 249, 250, 260, 265, 266, 268, 278, 282,
                        288, 305, 306, 325, 330, 337, 338, 340, 347, 349, 363)),
                Arguments.of(0.1, 0.0, List.of(3, 6, 10, 11, 15, 16, 28, 29, 35, 37, 39, 41, 44, 48, 49, 61, 71, 95, 117,
                        131, 142, 148, 165, 169, 192, 206, 212, 260, 265, 268, 278, 282, 288, 305, 363)),
                Arguments.of(0.01, 0.0, List.of(15, 26, 61, 71, 95, 117, 131, 142, 148, 165, 169, 192, 212, 260)),
                Arguments.of(0.001, 0.0, List.of(15, 61, 71, 95, 117, 131, 142, 148, 192, 212, 260)),
                Arguments.of(0.0001, 0.0, List.of(71, 95, 117, 131, 142, 148, 192, 212)),
                Arguments.of(0.00001, 0.0, List.of(71, 95, 131, 192, 212)));
    }

    @ParameterizedTest(name = "tigerbeetle window 30 p {0} magnitude {1}")
    @MethodSource("tigerbeetle")
    void tigerbeetleAsOtavaFindsIt(double p, double magnitude, List<Integer> expected) {
        assertEquals(expected, indexes("tigerbeetle", 30, p, magnitude));
    }
}
