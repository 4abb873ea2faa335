package org.pgknobs.workload.tpcc;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.pgknobs.benchbase.BenchBaseConfig.WorkRate;

/**
 * Hands out start times so that all terminals together run at the configured rate (BenchBase's
 * {@code <rate>}). A terminal that fell behind may catch up for at most one second's worth of slots,
 * so a stall does not turn into an unbounded burst afterwards.
 */
final class Pacer {

    private static final long MAX_PARK_NANOS = 50_000_000L;

    private final WorkRate rate;
    private final long intervalNanos;
    private final AtomicLong next;

    Pacer(WorkRate rate, long startNanos) {
        this.rate = rate;
        this.intervalNanos = rate.kind() == WorkRate.Kind.LIMITED ? Math.max(1, (long) (1e9 / rate.perSecond())) : 0;
        this.next = new AtomicLong(startNanos);
    }

    /** Waits for this terminal's next slot; false when {@code done} became true while waiting. */
    boolean await(BooleanSupplier done) {
        switch (rate.kind()) {
            case UNLIMITED:
                return !done.getAsBoolean();
            case DISABLED:
                while (!done.getAsBoolean()) {
                    LockSupport.parkNanos(MAX_PARK_NANOS);
                }
                return false;
            default:
                long now = System.nanoTime();
                long slot = next.getAndUpdate(prev -> Math.max(prev, now - 1_000_000_000L) + intervalNanos);
                long wait;
                while ((wait = slot - System.nanoTime()) > 0) {
                    if (done.getAsBoolean()) {
                        return false;
                    }
                    LockSupport.parkNanos(Math.min(wait, MAX_PARK_NANOS));
                }
                return !done.getAsBoolean();
        }
    }
}
