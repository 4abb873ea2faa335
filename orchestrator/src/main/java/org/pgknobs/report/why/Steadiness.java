package org.pgknobs.report.why;

/**
 * Whether a step's measured windows held one level: every measured repeat's per-second throughput tested by
 * {@code stats.SteadyStateCheck} (a CUSUM change-point test against circular block permutations,
 * docs/statistics.md).
 *
 * @param method    the test's name, {@code cusum-circular-block-permutation}
 * @param tested    repeats whose window was long enough to test (20 points or more)
 * @param notSteady of those, the repeats whose window was not steady
 * @param change    the largest level change of a not-steady window, last segment ÷ first − 1 (0.31 for +31 %);
 *                  null when every tested window was steady
 * @param pValue    that window's p-value; null with {@code change}
 * @param repeat    that window's repeat; null with {@code change}
 */
public record Steadiness(String method, int tested, int notSteady, Double change, Double pValue, Integer repeat) {

    public boolean steady() {
        return notSteady == 0;
    }
}
