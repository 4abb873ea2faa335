package org.pgknobs.profile;

/**
 * A measured window on CLOCK_MONOTONIC in nanoseconds: the clock of {@code perf record -k mono} and of
 * HotSpot's {@code System.nanoTime()} on Linux, in this process and in any other on the same host.
 */
public record TimeWindow(String phase, long startNanos, long endNanos) {

    public TimeWindow {
        if (endNanos < startNanos) {
            throw new IllegalArgumentException("window '" + phase + "' ends before it starts");
        }
    }

    public boolean contains(long nanos) {
        return nanos >= startNanos && nanos < endNanos;
    }

    public double seconds() {
        return (endNanos - startNanos) / 1e9;
    }
}
