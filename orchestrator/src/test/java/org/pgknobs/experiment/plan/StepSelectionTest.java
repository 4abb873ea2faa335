package org.pgknobs.experiment.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.yaml.ExperimentLoader;
import org.pgknobs.experiment.yaml.ExperimentYaml;
import org.pgknobs.testing.TinyRuns;

/** --steps keeps each step as the chain defines it; --steps-only runs the steps' own settings and says they are not the published ones. */
@Tag("unit")
class StepSelectionTest {

    private static final List<String> ISSUE_STEPS = List.of("baseline", "cache-8mb", "wal");

    @TempDir
    Path dir;

    private static Experiment article() {
        return ExperimentLoader.load(TinyRuns.experiment("article-42000x.yaml"), Optional.of("quick"), List.of());
    }

    private static ExperimentPlan plan(StepSelection.Chosen chosen) {
        return ExperimentPlan.of(chosen.experiment());
    }

    private static int settingsOf(ExperimentPlan plan, String step) {
        return plan.step(step).orElseThrow().settings().size();
    }

    @Test
    void stepsOfTheArticleRunAsTheChainDefinesThemWithTheSettingsOfTheStepsLeftOut() {
        ExperimentPlan whole = ExperimentPlan.of(article());
        StepSelection.Chosen chosen = new StepSelection(ISSUE_STEPS, false).applyTo(article());
        ExperimentPlan plan = plan(chosen);
        assertThat(plan.steps()).extracting(PlannedStep::name).containsExactlyElementsOf(ISSUE_STEPS);
        assertThat(settingsOf(plan, "wal")).as("base 4 + autovacuum 15 + wal 12 + observe's shared_preload_libraries").isEqualTo(32);
        for (String step : ISSUE_STEPS) {
            assertThat(plan.step(step).orElseThrow().settings()).as(step)
                    .containsExactlyEntriesOf(whole.step(step).orElseThrow().settings());
        }
        assertThat(plan.step("wal").orElseThrow().settings()).containsEntry("shared_buffers", "2MB")
                .containsEntry("autovacuum_naptime", 1);
        assertThat(chosen.notPublished()).isEmpty();
        assertThat(chosen.experiment().reference().orElseThrow().values())
                .containsOnlyKeys("baseline", "cache-8mb", "wal").containsEntry("wal", 98.0);
        assertThat(chosen.experiment().steps().get(2).description()).contains("With the settings of cache-2mb, autovacuum");
    }

    @Test
    void stepsOnlyRunsTheirOwnSettingsAndAreNotThePublishedStepWhereTheyDifferFromTheChain() {
        StepSelection.Chosen chosen = new StepSelection(ISSUE_STEPS, true).applyTo(article());
        ExperimentPlan plan = plan(chosen);
        assertThat(plan.steps()).extracting(PlannedStep::name).containsExactlyElementsOf(ISSUE_STEPS);
        // + 1 everywhere: observe: [statements] adds shared_preload_libraries to every planned step
        assertThat(settingsOf(plan, "baseline")).isEqualTo(5);
        assertThat(settingsOf(plan, "cache-8mb")).isEqualTo(5);
        assertThat(settingsOf(plan, "wal")).as("base 4 + wal 12 + observe's 1, without autovacuum's 15").isEqualTo(17);
        assertThat(plan.step("wal").orElseThrow().settings()).containsEntry("shared_buffers", "8MB")
                .doesNotContainKey("autovacuum_naptime");
        // cache-8mb has nothing left out before it: it is the chain's step and keeps its published value
        assertThat(chosen.notPublished()).containsOnlyKeys("wal");
        assertThat(chosen.notPublished().get("wal"))
                .isEqualTo("steps-only: 17 settings, not the chain's 32 (without cache-2mb, autovacuum)");
        assertThat(chosen.experiment().reference().orElseThrow().values()).containsOnlyKeys("baseline", "cache-8mb");
    }

    @Test
    void theResolvedFileOfAChainedSelectionLoadsBackToTheSamePlan() throws IOException {
        StepSelection.Chosen chosen = new StepSelection(ISSUE_STEPS, false).applyTo(article());
        Path resolved = dir.resolve("experiment.resolved.yaml");
        Files.writeString(resolved, ExperimentYaml.write(chosen.experiment()));
        ExperimentPlan again = ExperimentPlan.of(ExperimentLoader.load(resolved, Optional.empty(), List.of()));
        assertThat(again.steps()).extracting(PlannedStep::settings)
                .containsExactlyElementsOf(plan(chosen).steps().stream().map(PlannedStep::settings).toList());
        assertThat(settingsOf(again, "wal")).as("31 + observe's shared_preload_libraries").isEqualTo(32);
    }

    private Experiment load(String mode, String... sets) throws IOException {
        return ExperimentPlanTest.experiment(dir, mode, sets);
    }

    @Test
    void aLeftOutProbeOrOptionalStepCarriesNothingAsInTheChain() throws IOException {
        for (List<String> sets : List.of(List.<String>of(), List.of("include_optional=[extra]"))) {
            Experiment e = load("cumulative", sets.toArray(String[]::new));
            ExperimentPlan plan = ExperimentPlan.of(new StepSelection(List.of("baseline", "wal"), false).applyTo(e).experiment());
            assertThat(plan.step("wal").orElseThrow().settings()).as(sets.toString())
                    .isEqualTo(ExperimentPlan.of(e).step("wal").orElseThrow().settings());
        }
    }

    @Test
    void aKeptProbeGetsWhatWasLeftOutBeforeItAndStillCarriesNothingForward() throws IOException {
        Experiment e = load("cumulative");
        ExperimentPlan whole = ExperimentPlan.of(e);
        ExperimentPlan plan = ExperimentPlan.of(new StepSelection(List.of("probe", "wal"), false).applyTo(e).experiment());
        assertThat(plan.step("probe").orElseThrow().settings()).isEqualTo(whole.step("probe").orElseThrow().settings());
        assertThat(plan.step("wal").orElseThrow().settings()).isEqualTo(whole.step("wal").orElseThrow().settings())
                .containsEntry("shared_buffers", "8MB");
    }

    @Test
    void variantsKeepTheNamedStepsAsWrittenWithTheirPublishedValues() throws IOException {
        Experiment e = load("variants");
        StepSelection.Chosen chosen = new StepSelection(List.of("baseline", "wal"), false).applyTo(e);
        assertThat(ExperimentPlan.of(chosen.experiment()).step("wal").orElseThrow().settings())
                .isEqualTo(ExperimentPlan.of(e).step("wal").orElseThrow().settings());
        assertThat(chosen.notPublished()).isEmpty();
        assertThat(chosen.experiment().reference().orElseThrow().values()).containsOnlyKeys("baseline", "wal");
    }
}
