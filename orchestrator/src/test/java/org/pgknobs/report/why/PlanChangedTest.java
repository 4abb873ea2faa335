package org.pgknobs.report.why;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pgknobs.report.plans.PlanFixtures.INDEX;
import static org.pgknobs.report.plans.PlanFixtures.SEQ;
import static org.pgknobs.report.plans.PlanFixtures.plan;
import static org.pgknobs.report.plans.PlanFixtures.plans;
import static org.pgknobs.report.plans.PlanFixtures.step;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.report.ReadSteps;

/** "plan changed: ...", from the two steps' plans.json (and the later one's statements.json). */
@Tag("unit")
class PlanChangedTest {

    @TempDir
    Path dir;

    private static Optional<Reason> explain(Path step, Path compared) {
        // throughput differs (the why-gate): the line is said as it is
        return new PlanChanged().explain(new WhyInput(null, Optional.empty(), Map.of(), new Evidence(null, "tpcc", null,
                null, null, null, new Evidence.Noise("base", 1.5, 1.3, 1.7, 3, 3)), ReadSteps.captures(step, compared)));
    }

    @Test
    void firesOnAChangedPlanWithItsShareAndNamesItsSources() throws Exception {
        Path before = step(dir, "06-wal", plans(plan("NewOrder.getStock", 5L, INDEX), plan("Payment.getWhse", 6L, INDEX)));
        Path after = step(dir, "07-index", plans(plan("NewOrder.getStock", 5L, SEQ), plan("Payment.getWhse", 6L, INDEX)));
        Files.writeString(after.resolve("statements.json"),
                "{\"windows\": [{\"phase\": \"tpcc\", \"statements\": [{\"queryid\": 5, \"totalExecMs\": 62}, {\"queryid\": 6, \"totalExecMs\": 38}]}]}");
        Reason r = explain(after, before).orElseThrow();
        assertThat(r.text()).isEqualTo("plan changed against the compared step: NewOrder.getStock: Index Scan using stock_pkey on stock → "
                + "Seq Scan on stock (62 % of server time)");
        assertThat(r.figures()).containsExactly("plans.json", "compared.plans.json", "statements.json", "vsCompared.interval");
        // the rule is among those every report applies, collector or not
        assertThat(WhyRules.explain(new WhyInput(null, Optional.empty(), Map.of(), Evidence.NONE,
                ReadSteps.captures(after, before)))).extracting(Reason::rule).contains("plan-changed");
    }

    @Test
    void namesThreeAndCountsTheRestWithoutStatementsJson() throws Exception {
        Path before = step(dir, "a", plans(plan("s1", null, INDEX), plan("s2", null, INDEX), plan("s3", null, INDEX),
                plan("s4", null, INDEX), plan("s5", null, INDEX)));
        Path after = step(dir, "b", plans(plan("s1", null, SEQ), plan("s2", null, SEQ), plan("s3", null, SEQ),
                plan("s4", null, SEQ), plan("s5", null, SEQ)));
        Reason r = explain(after, before).orElseThrow();
        assertThat(r.text()).startsWith("plan changed against the compared step: s1: ").contains("; s3: ").endsWith("; and 2 more").doesNotContain("server time");
        assertThat(r.figures()).contains("plans.json", "compared.plans.json");
    }

    @Test
    void silentWithoutDirsPlansOrAChange() throws Exception {
        Path same1 = step(dir, "x", plans(plan("s", 1L, SEQ), plan("failed", 2L, null)));
        Path same2 = step(dir, "y", plans(plan("s", 1L, SEQ), plan("failed", 2L, INDEX)));
        Path none = Files.createDirectories(dir.resolve("none"));
        assertThat(explain(same2, same1)).isEmpty();
        assertThat(explain(same2, none)).isEmpty();
        assertThat(explain(null, same1)).isEmpty();
        assertThat(explain(same2, null)).isEmpty();
        assertThat(new PlanChanged().explain(new WhyInput(null, Optional.empty(), Map.of()))).isEmpty();
    }
}
