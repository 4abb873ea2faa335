package org.pgknobs.history.changes;

/**
 * The knobs of {@link ChangePoints#detect}, with Apache Otava's defaults ({@code AnalysisOptions}: window 50,
 * p-value 0.001, minimum magnitude 0).
 *
 * @param window       the sliding window's length in points (≥ 2); E-divisive runs on each window, the window
 *                     moving by half its length (Fleming et al., "Hunter: Using Change Point Detection to Hunt
 *                     for Performance Regressions", ICPE 2023, §4), so a change is judged against nearby runs
 *                     and not against the whole history
 * @param maxPValue    a change point's two-sided Student's t-test p-value must be below this to stay; the split
 *                     step looks for candidates at a looser level ({@link #firstPassPValue()})
 * @param minMagnitude a change point whose relative change max(|after/before - 1|, |before/after - 1|) is at most
 *                     this is dropped even when significant (0: keep every significant one)
 */
public record ChangePointOptions(int window, double maxPValue, double minMagnitude) {

    /** Otava's defaults. */
    public static final ChangePointOptions DEFAULTS = new ChangePointOptions(50, 0.001, 0.0);

    public ChangePointOptions {
        if (window < 2) {
            throw new IllegalArgumentException("window must be at least 2 points, not " + window);
        }
        if (!(maxPValue > 0 && maxPValue <= 1)) {
            throw new IllegalArgumentException("p-value threshold must be in (0, 1], not " + maxPValue);
        }
        if (!(minMagnitude >= 0)) {
            throw new IllegalArgumentException("minimum magnitude must be ≥ 0, not " + minMagnitude);
        }
    }

    /**
     * The relaxed level of the split step, as Otava sets it: 10 × the threshold below 0.05, 2 × below 0.5, else
     * the threshold itself. The points it finds are "weak"; the merge keeps those that meet {@link #maxPValue}
     * once their neighbours are known (Fleming et al. 2023, §4.2).
     */
    public double firstPassPValue() {
        return maxPValue < 0.05 ? maxPValue * 10 : maxPValue < 0.5 ? maxPValue * 2 : maxPValue;
    }
}
