package org.pgknobs.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Repeats (or runs) grouped by their {@link RunRegime#regime()} (the lock granularity on district and warehouse): one group is one regime; more than one is a
 * bimodal step, named run by run ("bimodal: r1, r3 tuple-level; r2 relation-level on district"). Runs without
 * SIREAD samples have no regime and are left out of the grouping.
 *
 * @param groups regime name → the labels of the runs in it, in the order given
 */
public record RegimeGroups(Map<String, List<String>> groups) {

    public RegimeGroups {
        groups = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(groups));
    }

    /** @param runs label (e.g. "r1") → that run's regime, in run order */
    public static RegimeGroups of(Map<String, RunRegime> runs) {
        Map<String, List<String>> g = new LinkedHashMap<>();
        runs.forEach((label, regime) -> {
            if (regime != null && regime.measured()) {
                g.computeIfAbsent(regime.regime(), k -> new ArrayList<>()).add(label);
            }
        });
        return new RegimeGroups(g);
    }

    public boolean bimodal() {
        return groups.size() > 1;
    }

    /** The regime holding more runs than any other; empty when none or when two lead with as many runs. */
    public Optional<String> majority() {
        int most = groups.values().stream().mapToInt(List::size).max().orElse(0);
        List<String> leaders = groups.entrySet().stream().filter(e -> e.getValue().size() == most)
                .map(Map.Entry::getKey).toList();
        return most == 0 || leaders.size() != 1 ? Optional.empty() : Optional.of(leaders.get(0));
    }

    /** "bimodal: r1, r3 tuple-level; r2 relation-level on district" (or the one regime's name and runs). */
    public String describe() {
        List<String> parts = new ArrayList<>();
        groups.forEach((name, labels) -> parts.add(String.join(", ", labels) + " " + name));
        return (bimodal() ? "bimodal: " : "") + String.join("; ", parts);
    }
}
