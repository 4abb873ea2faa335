package org.pgknobs.report.plans;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgknobs.collector.StatementStats;
import org.pgknobs.collector.StatementsDocument;
import org.pgknobs.report.captures.StepCaptures;

/**
 * Each statement's share of a step's server time, from its statements.json (collector.StatementsDocument,
 * as the reader read it; never required): a statement's execution time over every measured window ÷
 * the sum over all statements there. Matched by queryid, else by the text (see {@link #normal}).
 */
final class StatementShares {

    static final StatementShares NONE = new StatementShares(Map.of(), Map.of());

    private final Map<Long, Double> byQueryId;
    private final Map<String, Double> byText;

    private StatementShares(Map<Long, Double> byQueryId, Map<String, Double> byText) {
        this.byQueryId = byQueryId;
        this.byText = byText;
    }

    /** The share of the statement with this queryid, else of the one with this text; null when unknown. */
    Double share(Long queryId, String sql) {
        Double s = queryId == null ? null : byQueryId.get(queryId);
        return s != null || sql == null ? s : byText.get(normal(sql));
    }

    static StatementShares forStep(StepCaptures step) {
        // another capture's file: a broken one costs the plan changes their shares only
        return step.statements().lenient().map(StatementShares::of).orElse(NONE);
    }

    static StatementShares of(StatementsDocument doc) {
        List<StatementStats> all = doc.windows() == null ? List.of()
                : doc.windows().stream().flatMap(w -> w.statements().stream())
                        .filter(st -> st.totalExecMs() != null).toList();
        double total = all.stream().mapToDouble(StatementStats::totalExecMs).sum();
        if (total <= 0) {
            return NONE;
        }
        Map<Long, Double> ids = new HashMap<>();
        Map<String, Double> texts = new HashMap<>();
        for (StatementStats st : all) {
            double share = st.totalExecMs() / total;
            if (st.queryid() != null) {
                ids.merge(st.queryid(), share, Double::sum);
            }
            if (st.query() != null) {
                texts.merge(normal(st.query()), share, Double::sum);
            }
        }
        return new StatementShares(ids, texts);
    }

    /**
     * The text with whitespace collapsed and every parameter and number as {@code ?}: pg_stat_statements shows
     * a statement's constants as {@code $n} (the "+ 1" of an UPDATE becomes "+ $6"), and its queryid differs
     * from the one EXPLAIN prints for a generic plan where the driver binds another type than the one
     * PostgreSQL infers (a float into a numeric column, varchar for text).
     */
    private static String normal(String sql) {
        return sql.strip().replaceAll("\\s+", " ").replaceAll("\\$\\d+|\\b\\d+\\b", "?").toLowerCase(Locale.ROOT);
    }
}
