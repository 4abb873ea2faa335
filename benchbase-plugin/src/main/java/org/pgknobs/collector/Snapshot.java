package org.pgknobs.collector;

import java.util.List;
import java.util.Map;

/**
 * Everything one snapshot round read. {@code timestampMs} is on the caller's clock; {@code ownXacts}
 * counts the collector's own transactions that completed before this round began, so they can be
 * taken out of the database's transaction count.
 */
public record Snapshot(
        long timestampMs,
        long nanoTime,
        Map<String, List<StatRow>> groups,
        Map<String, String> errors,
        Map<String, Long> waitSamples,
        long ownXacts,
        double costMs) {

    public Snapshot {
        groups = Map.copyOf(groups);
        errors = Map.copyOf(errors);
        waitSamples = Map.copyOf(waitSamples);
    }

    public List<StatRow> rows(String group) {
        return groups.getOrDefault(group, List.of());
    }
}
