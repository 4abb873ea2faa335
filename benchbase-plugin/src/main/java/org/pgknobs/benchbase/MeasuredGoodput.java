package org.pgknobs.benchbase;

import java.nio.file.Path;

/**
 * Transactions per second over the measured window, recomputed from raw.csv. BenchBase's summary
 * "Goodput" divides successes counted since the start of warm-up by the measured time (its issue
 * #606), which overstates it; raw.csv holds only transactions BenchBase measured, so counting those
 * that completed inside the window gives the rate of the window itself. raw.csv has no status column:
 * aborted transactions that were measured are included (for TPC-C, the ~1% New-Order rollbacks).
 *
 * @param transactions transactions that completed inside the window
 * @param seconds window length
 */
public record MeasuredGoodput(long transactions, double seconds, double perSecond) {

    /** Transactions that completed in [startEpochSeconds, endEpochSeconds). */
    public static MeasuredGoodput over(Path rawCsv, double startEpochSeconds, double endEpochSeconds) {
        if (endEpochSeconds <= startEpochSeconds) {
            throw new IllegalArgumentException("window end " + endEpochSeconds + " is not after its start " + startEpochSeconds);
        }
        long[] count = {0};
        CsvFiles.forEachRaw(rawCsv, s -> {
            double end = s.endEpochSeconds();
            if (end >= startEpochSeconds && end < endEpochSeconds) {
                count[0]++;
            }
        });
        double seconds = endEpochSeconds - startEpochSeconds;
        return new MeasuredGoodput(count[0], seconds, count[0] / seconds);
    }

    /**
     * Over the window BenchBase measured: from the first measured start to {@code measuredSeconds}
     * later (the configured &lt;time&gt;).
     */
    public static MeasuredGoodput overMeasuredTime(Path rawCsv, double measuredSeconds) {
        double[] first = {Double.MAX_VALUE};
        CsvFiles.forEachRaw(rawCsv, s -> first[0] = Math.min(first[0], s.startEpochSeconds()));
        if (first[0] == Double.MAX_VALUE) {
            return new MeasuredGoodput(0, measuredSeconds, 0);
        }
        return over(rawCsv, first[0], first[0] + measuredSeconds);
    }
}
