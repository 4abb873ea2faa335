package org.pgknobs.stats;

import java.util.List;

/**
 * Whether one measured window's throughput series (per second or per bucket) held one level, and if not, by how
 * much it moved. Computed by {@link SteadyStateCheck}.
 *
 * @param verdict        steady, not steady, or too short to tell
 * @param samples        how many points the series had
 * @param pValue         the block-permutation p-value of the whole window's CUSUM (NaN when too short)
 * @param changePoints   indexes where a new segment starts (binary segmentation), empty when steady
 * @param firstLevel     mean of the first segment (the whole window's mean when steady)
 * @param lastLevel      mean of the last segment
 * @param relativeChange lastLevel / firstLevel − 1: "+31 % across the window" reads 0.31
 */
public record SteadyState(Verdict verdict, int samples, double pValue, List<Integer> changePoints, double firstLevel,
        double lastLevel, double relativeChange) {

    public static final String METHOD = "cusum-circular-block-permutation";

    public enum Verdict { STEADY, NOT_STEADY, TOO_SHORT }

    public SteadyState {
        changePoints = List.copyOf(changePoints);
    }

    public boolean steady() {
        return verdict == Verdict.STEADY;
    }
}
