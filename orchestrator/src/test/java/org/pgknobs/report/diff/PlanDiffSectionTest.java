package org.pgknobs.report.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pgknobs.report.plans.PlanFixtures.INDEX;
import static org.pgknobs.report.plans.PlanFixtures.SEQ;
import static org.pgknobs.report.plans.PlanFixtures.plan;
import static org.pgknobs.report.plans.PlanFixtures.plans;
import static org.pgknobs.report.plans.PlanFixtures.step;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.report.ReadSteps;
import org.pgknobs.results.StepPlans;

/** {@code pgknobs diff}'s plans section on crafted step directories. */
@Tag("unit")
class PlanDiffSectionTest {

    @TempDir
    Path dir;

    @Test
    void printsEachChangedPlanWithItsCostsAndIsListed() throws Exception {
        Path a = step(dir, "06-wal", plans(plan("NewOrder.getStock", 5L, INDEX)));
        Path b = step(dir, "07-index", plans(plan("NewOrder.getStock", 5L, SEQ)));
        assertThat(new PlanDiffSection().lines(ReadSteps.step(a), ReadSteps.step(b))).containsExactly(
                "NewOrder.getStock: Index Scan using stock_pkey on stock → Seq Scan on stock (cost 8.32 → 817.00)");
        assertThat(new PlanDiffSection().lines(ReadSteps.step(a), ReadSteps.step(a))).containsExactly("no plan changed (1 statements)");
        assertThat(DiffSections.all()).extracting(DiffSection::title).contains("plans");
    }

    @Test
    void saysWhichStepHasNoPlansOrWhyTheyWereNotCaptured() throws Exception {
        Path with = step(dir, "with", plans(plan("s", 1L, INDEX)));
        Path without = Files.createDirectories(dir.resolve("without"));
        Path other = Files.createDirectories(dir.resolve("other"));
        assertThat(new PlanDiffSection().lines(ReadSteps.step(without), ReadSteps.step(other))).isEmpty();
        assertThat(new PlanDiffSection().lines(ReadSteps.step(with), ReadSteps.step(without))).singleElement().asString().startsWith("without has no plans.json");
        Path failed = step(dir, "failed", new StepPlans(1, null, "tpcc", null, 0.1, "not captured: connection refused", List.of()));
        assertThat(new PlanDiffSection().lines(ReadSteps.step(with), ReadSteps.step(failed))).containsExactly("failed: plans not captured: connection refused");
    }
}
