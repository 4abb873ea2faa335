package org.pgknobs.history.changes;

import org.pgknobs.stats.RatioResult;

/**
 * One change point: the series' values from {@code index} on differ from those before it.
 *
 * @param index      the first point after the change (0-based; a run's position in the series)
 * @param beforeMean the mean of the segment before (from the previous change point, or the start)
 * @param afterMean  the mean of the segment after (up to the next change point, or the end)
 * @param beforeSize the segment before's number of points
 * @param afterSize  the segment after's number of points
 * @param ratio      after / before as a ratio of geometric means with its 95 % Welch interval on logs
 *                   ({@link org.pgknobs.stats.WelchLogRatio}), or why there is none (one point on a side, or
 *                   values that are not all positive)
 * @param pValue     the two-sided Student's t-test p-value of the two segments, as Otava computes it
 *                   ({@link StudentSplit})
 */
public record ChangePoint(int index, double beforeMean, double afterMean, int beforeSize, int afterSize,
        RatioResult ratio, double pValue) {

    /** Otava's magnitude: max(|after/before - 1|, |before/after - 1|), a side with mean 0 counting 0. */
    public double magnitude() {
        return StudentSplit.magnitude(beforeMean, afterMean);
    }
}
