package org.pgknobs.workload.tpcc;

/**
 * The run's timeline on {@link System#nanoTime()}: warm-up from {@code startNanos}, the measured window
 * [{@code windowStart}, {@code windowEnd}], then over. Fixed in advance, so every terminal decides
 * alone whether a request counts; an auto warm-up ({@code warmup: auto}) moves the window earlier once,
 * from the warm-up's cap to the second it ended ({@link #startWindowNow}).
 */
final class RunClock {

    private final long startNanos;
    private final long windowNanos;
    private volatile long windowStart;
    private volatile long windowEnd;
    private final long startEpochMicros;
    private volatile boolean over;

    RunClock(long startNanos, long warmupNanos, long windowNanos) {
        this.startNanos = startNanos;
        this.windowNanos = windowNanos;
        this.windowStart = startNanos + warmupNanos;
        this.windowEnd = windowStart + windowNanos;
        this.startEpochMicros = System.currentTimeMillis() * 1000 + (System.nanoTime() - startNanos) / 1000;
    }

    boolean inWindow(long start, long end) {
        return start >= windowStart && end <= windowEnd;
    }

    boolean inWindow(long t) {
        return t >= windowStart && t <= windowEnd;
    }

    boolean isOver() {
        return over || System.nanoTime() >= windowEnd;
    }

    /**
     * Ends the warm-up now (before its planned end): the window starts here and lasts as planned. The end
     * moves first, so a terminal reading between the two writes sees an empty window, never a longer one.
     */
    void startWindowNow() {
        long now = System.nanoTime();
        if (now < windowStart) {
            windowEnd = now + windowNanos;
            windowStart = now;
        }
    }

    void end() {
        over = true;
    }

    long startNanos() {
        return startNanos;
    }

    long windowStart() {
        return windowStart;
    }

    long windowEnd() {
        return windowEnd;
    }

    /** Wall-clock microseconds since the epoch of a nanoTime value (for BenchBase's raw file). */
    double epochSeconds(long nanos) {
        return (startEpochMicros + (nanos - startNanos) / 1000) / 1e6;
    }
}
