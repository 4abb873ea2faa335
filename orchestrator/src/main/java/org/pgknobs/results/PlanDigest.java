package org.pgknobs.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a plan is, in the few words a diff compares: the node types in plan order (depth first), the
 * relations and indexes it touches, its join methods, each scan as EXPLAIN's text names it ("Index Scan using
 * stock_pkey on stock", "Seq Scan on stock"), and the top node's estimated rows and total cost.
 */
public record PlanDigest(List<String> nodeTypes, List<String> relations, List<String> indexes, List<String> joinMethods,
                         List<String> scans, Double rows, Double totalCost) {

    private static final Set<String> JOINS = Set.of("Nested Loop", "Hash Join", "Merge Join");

    public PlanDigest {
        nodeTypes = nodeTypes == null ? List.of() : List.copyOf(nodeTypes);
        relations = relations == null ? List.of() : List.copyOf(relations);
        indexes = indexes == null ? List.of() : List.copyOf(indexes);
        joinMethods = joinMethods == null ? List.of() : List.copyOf(joinMethods);
        scans = scans == null ? List.of() : List.copyOf(scans);
    }

    /**
     * The digest of EXPLAIN (FORMAT JSON) output: its one-element array, that element, or a bare plan node.
     * Null when there is no plan in it.
     */
    public static PlanDigest of(JsonNode explain) {
        JsonNode top = explain != null && explain.isArray() ? explain.path(0) : explain;
        JsonNode root = top == null ? null : top.has("Plan") ? top.get("Plan") : top;
        if (root == null || !root.isObject() || !root.hasNonNull("Node Type")) {
            return null;
        }
        List<String> types = new ArrayList<>();
        Set<String> relations = new LinkedHashSet<>();
        Set<String> indexes = new LinkedHashSet<>();
        List<String> joins = new ArrayList<>();
        List<String> scans = new ArrayList<>();
        walk(root, types, relations, indexes, joins, scans);
        return new PlanDigest(types, List.copyOf(relations), List.copyOf(indexes), joins, scans,
                number(root.get("Plan Rows")), number(root.get("Total Cost")));
    }

    private static void walk(JsonNode node, List<String> types, Set<String> relations, Set<String> indexes,
                             List<String> joins, List<String> scans) {
        String type = text(node.get("Node Type"));
        String relation = text(node.get("Relation Name"));
        String index = text(node.get("Index Name"));
        if (type != null) {
            types.add(type);
            if (JOINS.contains(type)) {
                joins.add(type);
            }
            if (type.endsWith("Scan")) {
                scans.add(type + (index != null ? " using " + index : "") + (relation != null ? " on " + relation : ""));
            }
        }
        if (relation != null) {
            relations.add(relation);
        }
        if (index != null) {
            indexes.add(index);
        }
        JsonNode children = node.get("Plans");
        if (children != null && children.isArray()) {
            children.forEach(c -> {
                if (c != null && c.isObject()) {
                    walk(c, types, relations, indexes, joins, scans);
                }
            });
        }
    }

    private static String text(JsonNode n) {
        return n == null || n.isNull() || !n.isValueNode() ? null : n.asText();
    }

    /** A number, or PostgreSQL's "Infinity"/"NaN" as Jackson keeps them; null when absent or not a number. */
    private static Double number(JsonNode n) {
        if (n == null || n.isNull()) {
            return null;
        }
        if (n.isNumber()) {
            return n.doubleValue();
        }
        try {
            return Double.valueOf(n.asText());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
