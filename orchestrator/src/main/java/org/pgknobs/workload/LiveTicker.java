package org.pgknobs.workload;

/**
 * Tells the listener of each whole second of one phase (or warm-up) as it passes, from a thread that calls
 * {@link #tick} at least once a second. Seconds count from {@code startNanos} on {@link System#nanoTime()}.
 */
public final class LiveTicker {

    private static final long SECOND = 1_000_000_000L;

    private final LiveCounter counter;
    private final MeasurementListener listener;
    private final String phase;
    private final boolean measured;
    private final String unit;
    private final long startNanos;
    private int told;

    public LiveTicker(LiveCounter counter, MeasurementListener listener, String phase, boolean measured, String unit,
                      long startNanos) {
        this.counter = counter;
        this.listener = listener;
        this.phase = phase;
        this.measured = measured;
        this.unit = unit;
        this.startNanos = startNanos;
    }

    /** Tells of every second ended since the last tick; returns the seconds told so far. */
    public int tick() {
        int passed = (int) ((System.nanoTime() - startNanos) / SECOND);
        if (passed > told) {
            // a late tick tells the seconds it missed as one, so no second shows another's counts
            listener.second(counter.take(phase, measured, passed, passed - told, unit));
            told = passed;
        }
        return told;
    }

    /** When the next second ends, on System.nanoTime(). */
    public long nextSecondNanos() {
        return startNanos + (told + 1) * SECOND;
    }
}
