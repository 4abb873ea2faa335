package org.pgknobs.experiment.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.yaml.ExperimentLoader;

@Tag("unit")
class ExperimentPlanTest {

    @TempDir
    Path dir;

    private ExperimentPlan plan(String mode, String... sets) throws IOException {
        return ExperimentPlan.of(experiment(dir, mode, sets));
    }

    /** Steps with and without settings, a probe expected to fail, an optional step, one with its own initdb. */
    static Experiment experiment(Path dir, String mode, String... sets) throws IOException {
        Path file = dir.resolve("p.yaml");
        Files.writeString(file, """
                name: p
                mode: %s
                server:
                  initdb: [--data-checksums]
                  base: {shared_buffers: 1GB, work_mem: 4MB}
                workload: {warmup: 10s, duration: 20s, warehouses: 2}
                steps:
                  - name: baseline
                  - name: small
                    settings: {shared_buffers: 8MB}
                  - name: probe
                    expect: {fail: too small}
                    settings: {shared_buffers: 128kB}
                  - name: extra
                    optional: true
                    settings: {fsync: off}
                  - name: wal
                    settings: {max_wal_size: 32MB, work_mem: 1MB}
                  - name: seg
                    initdb: [--wal-segsize=256]
                reference: {source: s, metric: tps, values: {baseline: 100, small: 50, probe: 1, wal: 10}}
                """.formatted(mode));
        return ExperimentLoader.load(file, Optional.empty(), List.of(sets));
    }

    @Test
    void cumulativeStepsCarryEveryEarlierStepAndTheLaterValueWins() throws IOException {
        ExperimentPlan plan = plan("cumulative");
        assertThat(plan.steps()).extracting(PlannedStep::name).containsExactly("baseline", "small", "probe", "wal", "seg");
        Map<String, Object> baseline = plan.step("baseline").orElseThrow().settings();
        assertThat(baseline.keySet()).containsExactly("shared_buffers", "work_mem");
        assertThat(baseline.values()).containsExactly("1GB", "4MB");
        assertThat(plan.step("wal").orElseThrow().settings()).containsExactlyInAnyOrderEntriesOf(
                Map.of("shared_buffers", "8MB", "work_mem", "1MB", "max_wal_size", "32MB"));
        assertThat(plan.step("seg").orElseThrow().settings()).isEqualTo(plan.step("wal").orElseThrow().settings());
    }

    @Test
    void aStepExpectedToFailIsNotCarriedIntoLaterSteps() throws IOException {
        ExperimentPlan plan = plan("cumulative");
        assertThat(plan.step("probe").orElseThrow().settings()).containsEntry("shared_buffers", "128kB");
        assertThat(plan.step("probe").orElseThrow().expectFail()).hasValue("too small");
        assertThat(plan.step("wal").orElseThrow().settings()).containsEntry("shared_buffers", "8MB");
    }

    @Test
    void variantsApplyEachStepAloneOnTheBase() throws IOException {
        ExperimentPlan plan = plan("variants");
        assertThat(plan.step("wal").orElseThrow().settings()).containsExactlyInAnyOrderEntriesOf(
                Map.of("shared_buffers", "1GB", "work_mem", "1MB", "max_wal_size", "32MB"));
        assertThat(plan.step("seg").orElseThrow().settings()).containsExactlyInAnyOrderEntriesOf(
                Map.of("shared_buffers", "1GB", "work_mem", "4MB"));
    }

    @Test
    void optionalStepsRunOnlyWhenIncluded() throws IOException {
        assertThat(plan("variants").step("extra")).isEmpty();
        ExperimentPlan with = plan("cumulative", "include_optional=[extra]");
        assertThat(with.steps()).extracting(PlannedStep::name).containsExactly("baseline", "small", "probe", "extra", "wal", "seg");
        assertThat(with.steps()).extracting(PlannedStep::index).containsExactly(1, 2, 3, 4, 5, 6);
        assertThat(with.step("wal").orElseThrow().settings()).containsEntry("fsync", "off");
        assertThat(with.step("wal").orElseThrow().directoryName()).isEqualTo("05-wal");
    }

    @Test
    void stepInitdbOptionsAddToTheServersAndGroupTheDataLoads() throws IOException {
        ExperimentPlan plan = plan("variants");
        assertThat(plan.step("seg").orElseThrow().initdb()).containsExactly("--data-checksums", "--wal-segsize=256");
        Map<List<String>, List<PlannedStep>> groups = plan.distinctInitdbSets();
        assertThat(groups.keySet()).containsExactly(List.of("--data-checksums"), List.of("--data-checksums", "--wal-segsize=256"));
        assertThat(groups.get(List.of("--data-checksums"))).extracting(PlannedStep::name)
                .containsExactly("baseline", "small", "probe", "wal");
    }

    @Test
    void estimateCountsRunTimeAndOverheadPerStepTimesRepeatsPlusOneLoadPerCluster() throws IOException {
        ExperimentPlan once = plan("variants", "bracket=false");
        ExperimentPlan thrice = plan("variants", "repeats=3", "bracket=false");
        Duration perStep = Duration.ofSeconds(30).plus(ExperimentPlan.STEP_OVERHEAD)
                .plus(ExperimentPlan.RESTORE_PER_WAREHOUSE.multipliedBy(2));
        Duration loads = ExperimentPlan.LOAD_FIXED.plus(ExperimentPlan.TPCC_LOAD_PER_WAREHOUSE.multipliedBy(2)).multipliedBy(2);
        assertThat(once.estimatedDuration()).isEqualTo(perStep.multipliedBy(5).plus(loads));
        assertThat(thrice.estimatedDuration()).isEqualTo(perStep.multipliedBy(15).plus(loads));
    }

    @Test
    void theBracketsBaseRunsAreInTheEstimateAndThePrintedPlan() throws IOException {
        Duration perStep = Duration.ofSeconds(30).plus(ExperimentPlan.STEP_OVERHEAD)
                .plus(ExperimentPlan.RESTORE_PER_WAREHOUSE.multipliedBy(2));
        Duration loads = ExperimentPlan.LOAD_FIXED.plus(ExperimentPlan.TPCC_LOAD_PER_WAREHOUSE.multipliedBy(2)).multipliedBy(2);
        // 4 other steps a round: the warm-up, the first measurement and one after each round's segment of ≤ 8 runs
        ExperimentPlan thrice = plan("variants", "repeats=3");
        assertThat(thrice.bracketBaseRuns(3)).isEqualTo(2 + 3);
        assertThat(thrice.estimatedDuration()).isEqualTo(perStep.multipliedBy(4 * 3 + 5).plus(loads));
        assertThat(thrice.summary()).contains("bracket: the base 5 times (a discarded warm-up, then measured first,"
                + " after every 8 runs at most and last)");
        // segments of at most 2 runs: two a round
        ExperimentPlan tight = plan("variants", "repeats=3", "bracket=2");
        assertThat(tight.bracketBaseRuns(3)).isEqualTo(2 + 3 * 2);
        assertThat(tight.estimatedDuration()).isEqualTo(perStep.multipliedBy(4 * 3 + 8).plus(loads));
        assertThat(plan("variants", "bracket=false").summary()).doesNotContain("bracket:");
    }

    @Test
    void summaryListsStepsWithSettingsCountsInitdbExpectationsAndTheEstimate() throws IOException {
        String summary = plan("cumulative").summary();
        assertThat(summary).contains("p (cumulative, 5 steps)", "tpcc (builtin) 2 warehouses", "base: 2 settings",
                "initdb --data-checksums", "estimated duration", "2 data loads", "expect fail: too small",
                "initdb --wal-segsize=256");
        assertThat(summary.lines().filter(l -> l.matches("\\s+\\d+ wal\\s+3 settings.*"))).hasSize(1);
    }

    @Test
    void observeStatementsPreloadsTheLibraryInEveryStepBesideTheStepsOwnLibraries() throws IOException {
        ExperimentPlan plain = plan("cumulative");
        assertThat(plain.steps()).allSatisfy(s -> assertThat(s.settings()).doesNotContainKey("shared_preload_libraries"));
        for (String mode : List.of("cumulative", "variants")) {
            ExperimentPlan plan = plan(mode, "observe=[statements]", "steps.wal.settings.shared_preload_libraries="
                    + "'auto_explain, \"pg_stat_statements\"'", "steps.small.settings.shared_preload_libraries=auto_explain");
            assertThat(plan.steps()).as(mode).allSatisfy(s -> assertThat(s.settings().get("shared_preload_libraries"))
                    .asString().contains("pg_stat_statements"));
        }
        ExperimentPlan cumulative = plan("cumulative", "observe=[statements]",
                "steps.small.settings.shared_preload_libraries=auto_explain");
        assertThat(cumulative.step("baseline").orElseThrow().settings()).containsEntry("shared_preload_libraries", "pg_stat_statements");
        // a version's plan (what a run executes) rebuilds the settings: the library stays
        assertThat(VersionPlan.of(cumulative, 0, name -> true).steps()).allSatisfy(e -> assertThat(e.step().settings()
                .get("shared_preload_libraries")).asString().contains("pg_stat_statements"));
        // the step's own library first, carried on by the chain; pg_stat_statements once
        assertThat(cumulative.step("wal").orElseThrow().settings())
                .containsEntry("shared_preload_libraries", "auto_explain,pg_stat_statements");
        assertThat(ObservedSettings.withLibrary(Map.of("shared_preload_libraries", "pg_stat_statements, auto_explain")))
                .containsEntry("shared_preload_libraries", "pg_stat_statements,auto_explain");
    }
}
