package org.pgknobs.collector;

import java.util.List;
import java.util.Map;

/**
 * One measured window: counter deltas between the exact snapshots taken when it opened and closed,
 * the figures derived from them, wait-event samples taken by the periodic rounds inside it, and the
 * groups that could not be read (with the error), and the SIREAD locks its samples saw ({@link SireadLocks#NONE}
 * when none was taken; absent in files written before they were sampled).
 */
public record WindowStats(
        String phase,
        long startMs,
        long endMs,
        double seconds,
        Map<String, List<StatRow>> deltas,
        Derived derived,
        Map<String, Long> waitSamples,
        Map<String, String> missing,
        SireadLocks sireadLocks) {

    public WindowStats {
        sireadLocks = sireadLocks == null ? SireadLocks.NONE : sireadLocks;
    }

    public WindowStats(String phase, long startMs, long endMs, double seconds, Map<String, List<StatRow>> deltas,
                       Derived derived, Map<String, Long> waitSamples, Map<String, String> missing) {
        this(phase, startMs, endMs, seconds, deltas, derived, waitSamples, missing, SireadLocks.NONE);
    }
}
