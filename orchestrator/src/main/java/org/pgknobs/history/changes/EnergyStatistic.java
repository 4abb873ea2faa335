package org.pgknobs.history.changes;

import java.util.List;
import java.util.Optional;

/**
 * The E-divisive candidate of a window: the split τ (with an end κ) that maximises the divergence
 * Q̂(X, Y) = 2/(m+n) Σ|X<sub>i</sub> - Y<sub>j</sub>| - 2m/((m+n)(n-1)) Σ<sub>i&lt;k</sub>|X<sub>i</sub> - X<sub>k</sub>|
 * - 2n/((m+n)(m-1)) Σ<sub>j&lt;k</sub>|Y<sub>j</sub> - Y<sub>k</sub>| between X = z[start, τ) and Y = z[τ, κ), over
 * start &lt; τ &lt; κ ≤ end (Matteson &amp; James, "A Nonparametric Approach for Multiple Change Point Analysis of
 * Multivariate Data", JASA 109(505), 2014, §2.2, with exponent α = 1 as Otava uses it). A term whose side has one
 * point is 0.
 *
 * <p>Row prefix sums of the distance matrix give every Q̂ of an interval in O(L²) instead of O(L⁴). Ties go to the
 * smallest τ, then the smallest κ, and a value below 0 loses to the zero Otava's matrix holds below its diagonal
 * (numpy's argmax over that matrix), so the same window gives the same candidate.
 */
final class EnergyStatistic {

    /** A candidate split: {@code index} is τ (relative to the window), {@code qhat} its divergence. */
    record Candidate(int index, double qhat) {
    }

    /** prefix[i][j] = Σ<sub>k&lt;j</sub> |z<sub>i</sub> - z<sub>k</sub>|. */
    private final double[][] prefix;

    EnergyStatistic(double[] window) {
        int n = window.length;
        prefix = new double[n][n + 1];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < n; k++) {
                prefix[i][k + 1] = prefix[i][k] + Math.abs(window[i] - window[k]);
            }
        }
    }

    /** The best candidate over the intervals of more than one point, the first interval winning a tie. */
    Optional<Candidate> next(List<Segment> intervals) {
        Candidate best = null;
        for (Segment s : intervals) {
            if (s.size() > 1) {
                Candidate c = best(s.from(), s.to());
                if (best == null || c.qhat() > best.qhat()) {
                    best = c;
                }
            }
        }
        return Optional.ofNullable(best);
    }

    private double sum(int row, int from, int to) {
        return prefix[row][to] - prefix[row][from];
    }

    Candidate best(int start, int end) {
        Candidate best = null;
        double withinX = 0;
        for (int tau = start + 1; tau < end; tau++) {
            int n = tau - start;
            withinX += sum(tau - 1, start, tau - 1);
            if (tau > start + 1 && (best == null || 0 > best.qhat())) {
                best = new Candidate(tau, 0); // Otava's below-diagonal zero of this row
            }
            double between = 0;
            double withinY = 0;
            for (int kappa = tau + 1; kappa <= end; kappa++) {
                int m = kappa - tau;
                int y = kappa - 1;
                between += sum(y, start, tau);
                withinY += sum(y, tau, y);
                double q = 2.0 / (m + n) * between
                        - (n > 1 ? 2.0 * m / (m + n) / (n - 1) * withinX : 0)
                        - (m > 1 ? 2.0 * n / (m + n) / (m - 1) * withinY : 0);
                if (best == null || q > best.qhat()) {
                    best = new Candidate(tau, q);
                }
            }
        }
        return best;
    }
}
