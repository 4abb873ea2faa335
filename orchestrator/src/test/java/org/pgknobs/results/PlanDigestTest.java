package org.pgknobs.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.json.Json;

/** The digest of EXPLAIN (FORMAT JSON) output, on crafted plans: shapes PostgreSQL prints, and holes in them. */
@Tag("unit")
class PlanDigestTest {

    private static JsonNode tree(String json) throws Exception {
        return Json.tree(json.replace('\'', '"'));
    }

    @Test
    void namesScansIndexesJoinsAndTheTopNodesEstimates() throws Exception {
        PlanDigest d = PlanDigest.of(tree("""
                [{'Plan': {'Node Type': 'Aggregate', 'Plan Rows': 1, 'Total Cost': 120.5, 'Plans': [
                  {'Node Type': 'Nested Loop', 'Plans': [
                    {'Node Type': 'Index Scan', 'Index Name': 'order_line_pkey', 'Relation Name': 'order_line'},
                    {'Node Type': 'Bitmap Heap Scan', 'Relation Name': 'stock', 'Plans': [
                      {'Node Type': 'Bitmap Index Scan', 'Index Name': 'stock_pkey'}]}]}]},
                  'Query Identifier': -42}]"""));
        assertThat(d.nodeTypes()).containsExactly("Aggregate", "Nested Loop", "Index Scan", "Bitmap Heap Scan",
                "Bitmap Index Scan");
        assertThat(d.scans()).containsExactly("Index Scan using order_line_pkey on order_line", "Bitmap Heap Scan on stock",
                "Bitmap Index Scan using stock_pkey");
        assertThat(d.relations()).containsExactly("order_line", "stock");
        assertThat(d.indexes()).containsExactly("order_line_pkey", "stock_pkey");
        assertThat(d.joinMethods()).containsExactly("Nested Loop");
        assertThat(d.rows()).isEqualTo(1.0);
        assertThat(d.totalCost()).isEqualTo(120.5);
    }

    @Test
    void keepsPostgresInfiniteCostAndReadsItBackFromPlansJson() throws Exception {
        PlanDigest d = PlanDigest.of(tree("[{'Plan': {'Node Type': 'Seq Scan', 'Relation Name': 'stock', 'Total Cost': Infinity}}]"));
        assertThat(d.totalCost()).isInfinite();
        assertThat(d.rows()).isNull();
        // a plan node kept in plans.json holds Infinity as the string Jackson writes for it
        assertThat(PlanDigest.of(tree("{'Node Type': 'Result', 'Total Cost': 'Infinity', 'Plan Rows': 'many'}")).totalCost())
                .isInfinite();
    }

    @Test
    void nullsAndHolesGiveNoDigestOrEmptyParts() throws Exception {
        assertThat(PlanDigest.of(null)).isNull();
        assertThat(PlanDigest.of(tree("[]"))).isNull();
        assertThat(PlanDigest.of(tree("[{'Plan': null}]"))).isNull();
        assertThat(PlanDigest.of(tree("{'Plan': {'Node Type': null}}"))).isNull();
        PlanDigest d = PlanDigest.of(tree("""
                {'Plan': {'Node Type': 'ModifyTable', 'Relation Name': null, 'Plans': [null, 3, {'Node Type': null},
                  {'Node Type': 'Result', 'Plans': null}]}}"""));
        assertThat(d.nodeTypes()).containsExactly("ModifyTable", "Result");
        assertThat(d.scans()).isEmpty();
        assertThat(d.relations()).isEmpty();
        assertThat(d.totalCost()).isNull();
        assertThat(new PlanDigest(null, null, null, null, null, null, null).scans()).isEmpty();
    }
}
