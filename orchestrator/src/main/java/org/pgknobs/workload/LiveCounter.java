package org.pgknobs.workload;

import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Recorder;

/**
 * Counts what the workload's threads complete, for the live feed: many writers (lock-free adders and an
 * HdrHistogram {@link Recorder}), one reader that takes each second's counts and resets them.
 */
public final class LiveCounter {

    private final LongAdder ops = new LongAdder();
    private final LongAdder committed = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final Recorder latency = new Recorder(2);

    /** A request completed after {@code nanos}: {@code ops} units of work, committed or not. */
    public void completed(long ops, boolean committed, long nanos) {
        this.ops.add(ops);
        if (committed) {
            this.committed.increment();
        }
        latency.recordValue(Math.max(0, nanos / 1000));
    }

    /** An attempt ended in an error (retried or not). */
    public void failed() {
        failed.increment();
    }

    /** What completed since the last call (one reader only). */
    public LiveSecond take(String phase, boolean measured, int second, int seconds, String unit) {
        return new LiveSecond(phase, measured, second, seconds, unit, ops.sumThenReset(), committed.sumThenReset(),
                failed.sumThenReset(), latency.getIntervalHistogram());
    }
}
