package org.pgknobs.report;

import java.util.LinkedHashMap;
import java.util.Map;
import org.pgknobs.results.PhaseResult;

/**
 * A measured phase's outcome as the report needs it: successful transactions, attempts (completed +
 * retried) and errors by SQLSTATE from the driver's details (the built-in driver records them; others may not).
 */
record Outcome(long successful, Long attempts, Map<String, Long> errorsBySqlState, String isolation, double seconds) {

    static Outcome of(PhaseResult p) {
        Map<String, Object> d = p.details() == null ? Map.of() : p.details();
        Map<String, Long> errors = null;
        if (d.get("errors_by_sqlstate") instanceof Map<?, ?> m) {
            errors = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (e.getValue() instanceof Number n) {
                    errors.put(String.valueOf(e.getKey()), n.longValue());
                }
            }
        }
        Long retries = d.get("retries") instanceof Number n ? n.longValue() : null;
        Long attempts = errors == null ? null : p.completed() + (retries == null ? 0 : retries);
        return new Outcome(Math.max(0, p.completed() - p.failed()), attempts, errors,
                d.get("isolation") == null ? null : d.get("isolation").toString(), p.seconds());
    }

    /** Nothing completed: the throughput is only known to be below one per window. */
    boolean nothingCompleted(double throughput) {
        return throughput == 0 && seconds > 0;
    }

    /** Upper bound on the throughput when nothing completed: one transaction per measured window. */
    double bound() {
        return 1 / seconds;
    }

    /** "53200: 4244 (6.9 %)", the most frequent SQLSTATE first; "0" without errors; null without a breakdown. */
    String errorsText() {
        if (errorsBySqlState == null) {
            return null;
        }
        if (errorsBySqlState.isEmpty()) {
            return "0";
        }
        StringBuilder sb = new StringBuilder();
        errorsBySqlState.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .forEach(e -> {
                    if (sb.length() > 0) {
                        sb.append(", ");
                    }
                    sb.append(e.getKey()).append(": ").append(e.getValue());
                    if (attempts != null && attempts > 0) {
                        sb.append(String.format(java.util.Locale.ROOT, " (%.1f %%)", 100.0 * e.getValue() / attempts));
                    }
                });
        return sb.toString();
    }
}
