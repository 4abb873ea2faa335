package org.pgknobs.report.plans;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pgknobs.report.plans.PlanFixtures.INDEX;
import static org.pgknobs.report.plans.PlanFixtures.SEQ;
import static org.pgknobs.report.plans.PlanFixtures.digest;
import static org.pgknobs.report.plans.PlanFixtures.plan;
import static org.pgknobs.report.plans.PlanFixtures.plans;
import static org.pgknobs.report.plans.PlanFixtures.step;
import static org.pgknobs.report.ReadSteps.captures;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.results.PlanDigest;
import org.pgknobs.results.StepPlans;

/** The plan diff between two steps, on crafted plans.json and statements.json files. */
@Tag("unit")
class PlanChangesTest {

    @TempDir
    Path dir;

    @Test
    void namesTheScanThatChangedInExplainsWords() {
        List<PlanChange> changes = PlanChanges.between(plans(plan("NewOrder.getStock", 7L, INDEX), plan("same", 1L, SEQ)),
                plans(plan("NewOrder.getStock", 7L, SEQ), plan("same", 1L, SEQ)));
        assertThat(changes).extracting(PlanChange::text)
                .containsExactly("NewOrder.getStock: Index Scan using stock_pkey on stock → Seq Scan on stock");
        assertThat(changes.get(0).costBefore()).isEqualTo(8.32);
        assertThat(changes.get(0).queryId()).isEqualTo(7L);
    }

    @Test
    void costAloneFailedExplainsAndOneSidedStatementsAreNoChange() {
        PlanDigest cheaper = digest(INDEX.nodeTypes(), INDEX.scans(), 1.0);
        assertThat(PlanChanges.between(plans(plan("a", null, INDEX), plan("b", null, INDEX), plan("gone", null, INDEX)),
                plans(plan("a", null, cheaper), plan("b", null, null), plan("new", null, SEQ)))).isEmpty();
    }

    @Test
    void joinMethodsThenNodeTypesWhenTheScansAreAlike() {
        PlanDigest nested = digest(List.of("Aggregate", "Nested Loop", "Seq Scan"), List.of("Seq Scan on stock"), 5.0);
        PlanDigest hash = digest(List.of("Aggregate", "Hash Join", "Seq Scan"), List.of("Seq Scan on stock"), 5.0);
        PlanDigest sorted = digest(List.of("Limit", "Sort", "Seq Scan"), List.of("Seq Scan on stock"), 5.0);
        PlanDigest plain = digest(List.of("Limit", "Seq Scan"), List.of("Seq Scan on stock"), 5.0);
        assertThat(PlanChanges.between(plans(plan("j", null, nested), plan("n", null, plain)),
                plans(plan("j", null, hash), plan("n", null, sorted)))).extracting(PlanChange::text)
                .containsExactly("j: Nested Loop → Hash Join", "n: Limit > Seq Scan → Limit > Sort > Seq Scan");
        // a scan added beside an unchanged one shows both sides whole
        PlanDigest two = digest(List.of("Nested Loop", "Seq Scan", "Seq Scan"), List.of("Seq Scan on stock", "Seq Scan on item"), 9.0);
        assertThat(PlanChanges.between(plans(plan("x", null, SEQ)), plans(plan("x", null, two))).get(0).after())
                .isEqualTo("Seq Scan on stock, Seq Scan on item");
    }

    @Test
    void ordersByTheLaterStepsShareOfServerTimeMatchedByQueryIdOrText() throws Exception {
        Path before = step(dir, "before", plans(plan("small", 1L, INDEX), plan("big", 2L, INDEX), plan("byText", null, INDEX)));
        Path after = step(dir, "after", plans(plan("small", 1L, SEQ), plan("big", 2L, SEQ), plan("byText", null, SEQ)));
        Files.writeString(after.resolve("statements.json"), """
                {"schemaVersion": 1, "windows": [{"phase": "tpcc", "statements": [
                 {"queryid": 1, "totalExecMs": 10}, {"queryid": 2, "totalExecMs": 60},
                 {"query": "select   BYTEXT", "totalExecMs": 20}, {"queryid": 3, "totalExecMs": 10},
                 {"queryid": 4, "totalExecMs": null}]}]}""");
        List<PlanChange> changes = PlanChanges.read(captures(before), captures(after));
        assertThat(changes).extracting(PlanChange::statement).containsExactly("big", "byText", "small");
        assertThat(changes).extracting(PlanChange::serverTimeShare).containsExactly(0.6, 0.2, 0.1);
        assertThat(changes.get(0).textWithShare()).endsWith("→ Seq Scan on stock (60 % of server time)");
    }

    /** The collector's own file (collector.StatementsDocument): statements per measured window, totalExecMs. */
    @Test
    void readsTheCollectorsStatementsJsonWithItsWindows() throws Exception {
        Path before = step(dir, "before2", plans(plan("big", 2L, INDEX), plan("small", 1L, INDEX)));
        Path after = step(dir, "after2", plans(plan("big", 2L, SEQ), plan("small", 1L, SEQ)));
        Files.writeString(after.resolve("statements.json"), """
                {"schemaVersion": 1, "windows": [
                  {"phase": "l.i0", "statements": [{"queryid": 2, "query": "q2", "totalExecMs": 30}]},
                  {"phase": "l.i1", "statements": [{"queryid": 1, "query": "q1", "totalExecMs": 10},
                                                   {"queryid": 2, "query": "q2", "totalExecMs": 50},
                                                   {"queryid": 7, "query": "q7", "totalExecMs": 10}]}]}""");
        List<PlanChange> changes = PlanChanges.read(captures(before), captures(after));
        // over both windows: 2 has 80 of 100 ms, 1 has 10
        assertThat(changes).extracting(PlanChange::statement).containsExactly("big", "small");
        assertThat(changes).extracting(PlanChange::serverTimeShare).containsExactly(0.8, 0.1);
    }

    @Test
    void matchesTheTextWithConstantsAsPgStatStatementsShowsThem() throws Exception {
        StepPlans.StatementPlan before = new StepPlans.StatementPlan("NewOrder.updateStock",
                "UPDATE stock SET s_order_cnt = s_order_cnt + 1 WHERE s_i_id = $1", null, 9L, null, INDEX, null);
        StepPlans.StatementPlan after = new StepPlans.StatementPlan("NewOrder.updateStock", before.sql(), null, 9L, null, SEQ, null);
        Path a = step(dir, "a", plans(before));
        Path b = step(dir, "b", plans(after));
        // another queryid (a bound type other than the inferred one), the constant shown as $2
        Files.writeString(b.resolve("statements.json"), "{\"windows\": [{\"phase\": \"tpcc\", \"statements\": [{\"queryid\": 123, \"query\": "
                + "\"UPDATE stock SET s_order_cnt = s_order_cnt + $2\\n WHERE s_i_id = $1\", \"totalExecMs\": 3}, "
                + "{\"queryid\": 5, \"totalExecMs\": 1}]}]}");
        assertThat(PlanChanges.read(captures(a), captures(b))).singleElement().extracting(PlanChange::serverTimeShare).isEqualTo(0.75);
    }

    @Test
    void anUnreadableOrForeignStatementsFileOnlyLosesTheShares() throws Exception {
        Path before = step(dir, "b", plans(plan("s", 1L, INDEX)));
        Path after = step(dir, "a", plans(plan("s", 1L, SEQ)));
        for (String junk : List.of("{not json", "[]", "{\"statements\": {}}", "{\"statements\": [1, null, {\"queryid\": 1}]}")) {
            Files.writeString(after.resolve("statements.json"), junk);
            assertThat(PlanChanges.read(captures(before), captures(after))).singleElement().extracting(PlanChange::serverTimeShare).isNull();
        }
    }

    @Test
    void noPlansOnEitherSideIsNoComparison() throws Exception {
        Path with = step(dir, "with", plans(plan("s", 1L, INDEX)));
        Path without = Files.createDirectories(dir.resolve("without"));
        assertThat(PlanChanges.compare(captures(without), captures(with))).isEmpty();
        Files.writeString(without.resolve(StepPlans.FILE), "{broken");
        assertThat(PlanChanges.read(captures(with), captures(without))).isEmpty();
        assertThat(PlanChanges.compare(captures(with), captures(with))).get().asList().isEmpty();
    }
}
