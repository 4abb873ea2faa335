package org.pgknobs.report.plans;

import java.util.Locale;

/**
 * One statement whose plan differs between two steps: what its plan was and became in the words that
 * differ ("Index Scan using stock_pkey on stock" → "Seq Scan on stock"), its total cost in both, and its
 * share of the later step's server time when statements.json gives one (null otherwise).
 *
 * @param queryId pg_stat_statements' queryid from the later step's plan, null when it was not printed
 */
public record PlanChange(String statement, String before, String after, Double costBefore, Double costAfter,
                         Long queryId, Double serverTimeShare) {

    public PlanChange withShare(Double share) {
        return new PlanChange(statement, before, after, costBefore, costAfter, queryId, share);
    }

    /** "NewOrder.getStock: Index Scan using stock_pkey on stock → Seq Scan on stock". */
    public String text() {
        return statement + ": " + before + " → " + after;
    }

    /** {@link #text()} with the share: "... (62 % of server time)". */
    public String textWithShare() {
        return serverTimeShare == null ? text()
                : text() + String.format(Locale.ROOT, " (%.0f %% of server time)", serverTimeShare * 100);
    }
}
