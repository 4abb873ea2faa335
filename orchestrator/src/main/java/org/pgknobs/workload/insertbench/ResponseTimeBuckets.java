package org.pgknobs.workload.insertbench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Callaghan's response-time buckets: upper bounds 256 µs, 1 ms, 4 ms, ... 16 s, then everything slower. */
final class ResponseTimeBuckets {

    static final List<String> LABELS = List.of("256us", "1ms", "4ms", "16ms", "64ms", "256ms", "1s", "4s", "16s", "gt");
    private static final long[] UPPER_NANOS = {256_000L, 1_000_000L, 4_000_000L, 16_000_000L, 64_000_000L,
        256_000_000L, 1_000_000_000L, 4_000_000_000L, 16_000_000_000L};

    private final long[] counts = new long[LABELS.size()];

    void add(long nanos) {
        int i = 0;
        while (i < UPPER_NANOS.length && nanos > UPPER_NANOS[i]) {
            i++;
        }
        counts[i]++;
    }

    long total() {
        long sum = 0;
        for (long c : counts) {
            sum += c;
        }
        return sum;
    }

    /** Share of responses per bucket in percent; sums to 100 unless nothing was recorded (then all 0). */
    Map<String, Double> percentages() {
        long total = total();
        Map<String, Double> out = new LinkedHashMap<>();
        for (int i = 0; i < counts.length; i++) {
            out.put(LABELS.get(i), total == 0 ? 0.0 : 100.0 * counts[i] / total);
        }
        return out;
    }

    Map<String, Long> counts() {
        Map<String, Long> out = new LinkedHashMap<>();
        for (int i = 0; i < counts.length; i++) {
            out.put(LABELS.get(i), counts[i]);
        }
        return out;
    }
}
