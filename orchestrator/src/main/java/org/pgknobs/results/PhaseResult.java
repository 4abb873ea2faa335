package org.pgknobs.results;

import java.util.Map;

/**
 * One measured phase (TPC-C has one, "tpcc"; the insert benchmark has l.i0, l.x, l.i1, ...).
 *
 * @param throughput requests completed inside the window per second (BenchBase's definition)
 * @param goodput    successful requests completed inside the window per second (warm-up excluded)
 * @param completed  requests completed inside the window (successful or not)
 * @param failed     requests that ended in an error (aborts, retries exhausted, cancelled)
 * @param seconds    measured window length
 * @param latencyMs  p50/p95/p99/max in milliseconds, absent (null) when nothing completed
 * @param details    workload-specific figures (per-transaction-type counts, histograms, target rate met ...)
 */
public record PhaseResult(String name, double throughput, double goodput, long completed, long failed,
                          double seconds, Latency latencyMs, Map<String, Object> details) {

    public record Latency(double p50, double p95, double p99, double max) {
    }
}
