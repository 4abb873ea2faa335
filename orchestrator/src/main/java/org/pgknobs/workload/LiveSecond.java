package org.pgknobs.workload;

import org.HdrHistogram.Histogram;

/**
 * One second of a running workload, told as it ends: the live feed behind the progress lines.
 *
 * @param phase     the phase it belongs to ("tpcc", "l.i1", ...)
 * @param measured  false during the warm-up (no window open)
 * @param second    whole seconds since the phase (or its warm-up) began, at this second's end
 * @param seconds   how many seconds it covers: 1, more when the workload's ticking thread was late (the counts
 *                  of the seconds it missed are in this one; divide by it for a rate)
 * @param ops       the phase's unit of work completed in this second ({@code unit}: transactions, rows, queries)
 * @param committed requests that completed without error in this second
 * @param failed    attempts that ended in an error in this second (a serialization failure that is retried counts)
 * @param latencyMicros the latency of the requests completed in this second
 */
public record LiveSecond(String phase, boolean measured, int second, int seconds, String unit, long ops, long committed,
                         long failed, Histogram latencyMicros) {

    /** {@code ops} per second. */
    public double rate() {
        return ops / (double) seconds;
    }
}
