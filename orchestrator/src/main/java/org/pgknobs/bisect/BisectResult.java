package org.pgknobs.bisect;

import java.util.List;
import java.util.Optional;

/**
 * How a bisection ended.
 *
 * @param kind      found, no change, undecided, or both ends fail
 * @param path      every candidate measured, in the order the search decided them (the two ends first)
 * @param before    found: the last candidate like the first end (its evidence); undecided: the decided candidate
 *                  below the open range
 * @param after     found: the first candidate like the last end; undecided: the decided candidate above the range
 * @param summary   the one line that answers, e.g. "first release like 17.12: 17.6 (17.5 is like 17.0)"
 */
public record BisectResult(Kind kind, List<Probe> path, Optional<Probe> before, Optional<Probe> after, String summary) {

    public enum Kind {
        /** a first candidate like the last end, next to one like the first end */
        FOUND,
        /** the ends do not differ beyond noise (or, with a drop, the slower end does not fall off by it) */
        NO_CHANGE,
        /** the ends, or a probe, stayed undecided at the most repeats */
        UNDECIDED,
        /** both ends fail: nothing to search between them */
        BOTH_FAIL
    }

    public BisectResult {
        path = List.copyOf(path);
    }
}
