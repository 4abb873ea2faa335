package org.pgknobs.collector;

import java.util.List;
import java.util.Map;

/**
 * One measured window: counter deltas between the exact snapshots taken when it opened and closed,
 * the figures derived from them, wait-event samples taken by the periodic rounds inside it, and the
 * groups that could not be read (with the error).
 */
public record WindowStats(
        String phase,
        long startMs,
        long endMs,
        double seconds,
        Map<String, List<StatRow>> deltas,
        Derived derived,
        Map<String, Long> waitSamples,
        Map<String, String> missing) {
}
