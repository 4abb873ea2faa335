package org.pgknobs.experiment;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code ablation:} block. {@code groups} are user-named units (name → setting names); every other
 * setting of the full set forms units by {@code unit}: one per step that set it last (GROUP) or one per
 * setting (SETTING). {@code threshold} is the share of the full slowdown, on the log scale, that a culprit
 * set must reproduce (0 &lt; threshold ≤ 1).
 */
public record AblationSpec(Unit unit, Map<String, List<String>> groups, Search search, double threshold) {

    public static final double DEFAULT_THRESHOLD = 0.9;

    public enum Unit {
        GROUP, SETTING
    }

    /** The minimal culprit set search: none, greedy backward elimination, or delta debugging. */
    public enum Search {
        OFF, GREEDY, DDMIN
    }

    public AblationSpec {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        groups.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        groups = Collections.unmodifiableMap(copy);
    }

    public static AblationSpec defaults() {
        return new AblationSpec(Unit.GROUP, Map.of(), Search.OFF, DEFAULT_THRESHOLD);
    }

    public AblationSpec withSearch(Search newSearch) {
        return new AblationSpec(unit, groups, newSearch, threshold);
    }
}
