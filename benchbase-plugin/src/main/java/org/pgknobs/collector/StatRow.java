package org.pgknobs.collector;

import java.util.Map;
import java.util.TreeMap;

/**
 * One row of a statistics view: the columns that identify it (e.g. backend_type, object, context of
 * pg_stat_io) and its numeric columns. Integers are kept as {@link Long} so counters stay exact.
 */
public record StatRow(Map<String, String> labels, Map<String, Number> values) {

    public StatRow {
        labels = labels == null ? Map.of() : new TreeMap<>(labels);
        values = values == null ? Map.of() : new TreeMap<>(values);
    }

    /** The value of {@code column}, or 0 when the server reported none (NULL or absent). */
    public double value(String column) {
        Number n = values.get(column);
        return n == null ? 0 : n.doubleValue();
    }

    public long longValue(String column) {
        Number n = values.get(column);
        return n == null ? 0 : n.longValue();
    }

    public String label(String column) {
        return labels.get(column);
    }

    /** Labels as one stable text, e.g. {@code backend_type=client backend;context=normal;object=relation}. */
    public String labelText() {
        StringBuilder sb = new StringBuilder();
        labels.forEach((k, v) -> {
            if (sb.length() > 0) {
                sb.append(';');
            }
            sb.append(k).append('=').append(v);
        });
        return sb.toString();
    }
}
