package org.pgknobs.benchbase;

/**
 * BenchBase's "Latency Distribution" in microseconds. BenchBase writes -1 for every figure when there
 * were no samples; those become null here, so "no samples" cannot be mistaken for a latency.
 */
public record LatencyDistribution(Long minimumUs, Long p25Us, Long medianUs, Long averageUs, Long p75Us,
        Long p90Us, Long p95Us, Long p99Us, Long maximumUs) {

    public static final LatencyDistribution EMPTY =
            new LatencyDistribution(null, null, null, null, null, null, null, null, null);

    public boolean isEmpty() {
        return medianUs == null && averageUs == null && maximumUs == null;
    }

    /** -1 (BenchBase's "no samples") and absent values become null. */
    static Long value(Number n) {
        return n == null || n.longValue() < 0 ? null : n.longValue();
    }
}
