package org.pgknobs.collector;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Differences of cumulative counters between two snapshots; statistics are never reset. */
public final class Deltas {

    private Deltas() {
    }

    /**
     * Per group, the rows of {@code end} minus the matching rows (same labels) of {@code start}. A row
     * only in {@code end} (a backend type seen for the first time) counts from zero; groups missing
     * from either snapshot are left out (see {@link #missing}).
     */
    public static Map<String, List<StatRow>> between(Snapshot start, Snapshot end) {
        Map<String, List<StatRow>> out = new LinkedHashMap<>();
        for (Map.Entry<String, List<StatRow>> g : end.groups().entrySet()) {
            if (!start.groups().containsKey(g.getKey())) {
                continue;
            }
            Map<Map<String, String>, StatRow> before = new HashMap<>();
            for (StatRow r : start.groups().get(g.getKey())) {
                before.put(r.labels(), r);
            }
            List<StatRow> rows = new ArrayList<>();
            for (StatRow after : g.getValue()) {
                rows.add(minus(after, before.get(after.labels())));
            }
            out.put(g.getKey(), rows);
        }
        return out;
    }

    /** Groups a window cannot report, with the error seen at its start or end. */
    public static Map<String, String> missing(Snapshot start, Snapshot end) {
        Map<String, String> out = new LinkedHashMap<>();
        start.errors().forEach((k, v) -> out.put(k, "at window start: " + v));
        end.errors().forEach((k, v) -> out.merge(k, "at window end: " + v, (a, b) -> a + "; " + b));
        return out;
    }

    static StatRow minus(StatRow after, StatRow before) {
        Map<String, Number> values = new LinkedHashMap<>();
        after.values().forEach((col, v) -> {
            Number b = before == null ? null : before.values().get(col);
            values.put(col, minus(v, b));
        });
        return new StatRow(after.labels(), values);
    }

    static Number minus(Number a, Number b) {
        if (b == null) {
            return a;
        }
        if (a instanceof Long x && b instanceof Long y) {
            return x - y;
        }
        return a.doubleValue() - b.doubleValue();
    }

    /** Sum of {@code column} over the rows of a group whose labels contain all of {@code match}. */
    public static double sum(Map<String, List<StatRow>> deltas, String group, String column, Map<String, String> match) {
        double total = 0;
        for (StatRow r : deltas.getOrDefault(group, List.of())) {
            if (r.labels().entrySet().containsAll(match.entrySet())) {
                total += r.value(column);
            }
        }
        return total;
    }
}
