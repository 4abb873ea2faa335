package org.pgknobs.report.why;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * "6.9 % of attempts failed with 53200 (max_pred_locks_per_transaction)": fires for the most frequent
 * SQLSTATE when its errors are at least {@value #MIN_SHARE_PERCENT} % of the window's attempts, naming the
 * setting that usually governs it. Failed attempts are work the server did without a transaction to show.
 */
public final class FailedWithSqlState implements WhyRule {

    static final double MIN_SHARE_PERCENT = 1;

    @Override
    public Optional<Reason> explain(WhyInput input) {
        Map<String, Long> errors = input.errorsBySqlState();
        Long attempts = input.attempts();
        if (errors == null || attempts == null || attempts <= 0) {
            return Optional.empty();
        }
        return errors.entrySet().stream()
                .max(Map.Entry.<String, Long>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
                .filter(top -> 100.0 * top.getValue() / attempts >= MIN_SHARE_PERCENT)
                .map(top -> {
                    List<String> figures = new ArrayList<>(List.of("errorsBySqlState", "attempts"));
                    // only 53200's setting depends on the isolation level: read (and list) it only then
                    String isolation = "53200".equals(top.getKey()) ? input.isolation() : null;
                    if ("53200".equals(top.getKey())) {
                        figures.add("isolation");
                    }
                    String hint = hint(top.getKey(), isolation);
                    return new Reason("failed-with-sqlstate", String.format(Locale.ROOT,
                            "%.1f %% of attempts failed with %s%s", 100.0 * top.getValue() / attempts,
                            top.getKey(), hint.isEmpty() ? "" : " (" + hint + ")"), figures);
                });
    }

    /** The setting behind the common resource errors (SQLSTATE class 53 and cancels). */
    static String hint(String sqlState, String isolation) {
        return switch (sqlState) {
            case "53200" -> isolation != null && isolation.toLowerCase(Locale.ROOT).contains("serializable")
                    ? "max_pred_locks_per_transaction" : "out of shared memory: max_locks_per_transaction";
            case "53300" -> "max_connections";
            case "53100" -> "disk full";
            case "57014" -> "statement_timeout";
            case "55P03" -> "lock_timeout";
            default -> "";
        };
    }
}
