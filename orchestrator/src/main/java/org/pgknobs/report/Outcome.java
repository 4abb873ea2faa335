package org.pgknobs.report;

import java.util.LinkedHashMap;
import java.util.Map;
import org.pgknobs.results.PhaseResult;

/**
 * A measured phase's outcome as the report needs it: successful transactions, attempts (completed +
 * retried) and errors by SQLSTATE from the driver's details (the built-in driver records them; others may not).
 */
record Outcome(long successful, Long attempts, Map<String, Long> errorsBySqlState, Long retries, String isolation,
               double seconds) {

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
        return new Outcome(Math.max(0, p.completed() - p.failed()), attempts, errors, retries,
                d.get("isolation") == null ? null : d.get("isolation").toString(), p.seconds());
    }

    /**
     * Attempts that failed with 40001: those retried and those given up as errors; null where the driver records no
     * retries (the why-rules then have no failures to explain).
     */
    Long serializationFailures() {
        return retries == null ? null
                : retries + (errorsBySqlState == null ? 0L : errorsBySqlState.getOrDefault("40001", 0L));
    }

    /** Nothing completed: the throughput is only known to be below one per window. */
    boolean nothingCompleted(double throughput) {
        return throughput == 0 && seconds > 0;
    }

    /** Upper bound on the throughput when nothing completed: one transaction per measured window. */
    double bound() {
        return 1 / seconds;
    }

    /**
     * "53200: 4244 (6.9 %)", the most frequent SQLSTATE first, then the attempts that failed with 40001 and were
     * retried ("40001 retried: 24752 (62.8 %)": failures too, though the request may have succeeded at a later
     * attempt; a column of final errors alone read 0 where most attempts failed); "0" without either; null
     * without a breakdown.
     */
    String errorsText() {
        if (errorsBySqlState == null) {
            return null;
        }
        String retried = retries == null || retries == 0 ? null : "40001 retried: " + retries
                + (attempts != null && attempts > 0
                        ? String.format(java.util.Locale.ROOT, " (%.1f %%)", 100.0 * retries / attempts) : "");
        if (errorsBySqlState.isEmpty()) {
            return retried == null ? "0" : retried;
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
        if (retried != null) {
            sb.append(", ").append(retried);
        }
        return sb.toString();
    }
}
