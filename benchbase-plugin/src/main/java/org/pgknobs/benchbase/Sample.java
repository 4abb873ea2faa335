package org.pgknobs.benchbase;

/**
 * One row of BenchBase's samples.csv (one time bucket, latencies in microseconds). Latencies are null
 * for a bucket without requests (BenchBase writes -1 there).
 */
public record Sample(long timeSeconds, long requests, double throughput, Long minimumUs, Long p25Us, Long medianUs,
        Long averageUs, Long p75Us, Long p90Us, Long p95Us, Long p99Us, Long maximumUs) {
}
