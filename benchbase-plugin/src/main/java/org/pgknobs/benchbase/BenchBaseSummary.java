package org.pgknobs.benchbase;

import java.util.Map;

/**
 * A BenchBase {@code <prefix>.summary.json}. Fields BenchBase versions do not all write are null when
 * absent. {@code goodput} is BenchBase's own figure, which counts warm-up successes too (BenchBase
 * issue #606); use {@link MeasuredGoodput} for the measured window only.
 */
public record BenchBaseSummary(
        Long startTimestampMs,
        Long currentTimestampMs,
        Long elapsedNanos,
        String dbmsType,
        String dbmsVersion,
        String benchmarkType,
        String finalState,
        Long measuredRequests,
        String isolation,
        String scalefactor,
        String terminals,
        LatencyDistribution latency,
        Double throughput,
        Double goodput,
        Map<String, Object> other) {
}
