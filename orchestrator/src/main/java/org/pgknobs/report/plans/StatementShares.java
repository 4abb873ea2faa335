package org.pgknobs.report.plans;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import org.pgknobs.json.Json;

/**
 * Each statement's share of a step's server time, read from its statements.json (another capture's file:
 * read tolerantly, never required). The statements are the collector's {@code windows[].statements[]}
 * (collector.StatementsDocument; every window's), else an array, the file itself or its {@code statements}
 * field; each has a {@code queryid} (number or text) and/or its {@code query} text, and its
 * execution time over the window as a number under a name like {@code totalExecMs}, {@code totalExecTimeMs} or
 * {@code total_exec_time}. A share is that time ÷ the sum over all statements in the file. Matched by queryid,
 * else by the text (see {@link #normal}).
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

    static StatementShares read(Path stepDir) {
        Path file = stepDir == null ? null : stepDir.resolve("statements.json");
        if (file == null || !Files.isRegularFile(file)) {
            return NONE;
        }
        try {
            return of(Json.readTree(file));
        } catch (IOException | RuntimeException e) {
            return NONE;
        }
    }

    static StatementShares of(JsonNode root) {
        JsonNode list = root == null ? null : root.isArray() ? root
                : root.has("windows") ? allWindows(root.get("windows")) : root.get("statements");
        if (list == null || !list.isArray()) {
            return NONE;
        }
        double total = 0;
        for (JsonNode s : list) {
            Double t = time(s);
            total += t == null ? 0 : t;
        }
        if (total <= 0) {
            return NONE;
        }
        Map<Long, Double> ids = new HashMap<>();
        Map<String, Double> texts = new HashMap<>();
        for (JsonNode s : list) {
            Double t = time(s);
            if (t == null) {
                continue;
            }
            Long id = queryId(field(s, "queryid"));
            if (id != null) {
                ids.merge(id, t / total, Double::sum);
            }
            JsonNode q = field(s, "query");
            if (q != null && q.isTextual()) {
                texts.merge(normal(q.asText()), t / total, Double::sum);
            }
        }
        return new StatementShares(ids, texts);
    }

    /**
     * The statements of every measured window of the collector's statements.json
     * ({@code windows[].statements[]}, collector.StatementsDocument): a share is then of the time over all
     * of them.
     */
    private static JsonNode allWindows(JsonNode windows) {
        com.fasterxml.jackson.databind.node.ArrayNode all = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
        if (windows != null && windows.isArray()) {
            windows.forEach(w -> {
                JsonNode list = w.get("statements");
                if (list != null && list.isArray()) {
                    all.addAll((com.fasterxml.jackson.databind.node.ArrayNode) list);
                }
            });
        }
        return all;
    }

    /** The first numeric field whose name, without case and underscores, is a total execution time. */
    private static Double time(JsonNode s) {
        for (String name : new String[] {"totalexecms", "totalexectimems", "totalexectime", "totaltimems", "totaltime"}) {
            JsonNode n = field(s, name);
            if (n != null && n.isNumber()) {
                return n.doubleValue();
            }
        }
        return null;
    }

    private static JsonNode field(JsonNode s, String wanted) {
        if (s == null || !s.isObject()) {
            return null;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = s.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().replace("_", "").toLowerCase(Locale.ROOT).equals(wanted)) {
                return e.getValue();
            }
        }
        return null;
    }

    private static Long queryId(JsonNode n) {
        if (n == null || n.isNull()) {
            return null;
        }
        if (n.canConvertToLong() && n.isIntegralNumber()) {
            return n.longValue();
        }
        try {
            return Long.valueOf(n.asText().strip());
        } catch (NumberFormatException e) {
            return null;
        }
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
