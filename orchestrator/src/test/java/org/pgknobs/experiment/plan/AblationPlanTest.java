package org.pgknobs.experiment.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.AblationSpec;
import org.pgknobs.experiment.AblationUnit;
import org.pgknobs.experiment.AblationUnits;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.Mode;
import org.pgknobs.experiment.yaml.ExperimentLoader;
import org.pgknobs.experiment.yaml.ExperimentYaml;

@Tag("unit")
class AblationPlanTest {

    @TempDir
    Path dir;

    private static final String FILE = """
            name: abl
            mode: %s
            server:
              base: {shared_buffers: 128MB, work_mem: 4MB}
            workload: {warmup: 2s, duration: 5s}
            %s
            steps:
              - name: baseline
              - name: cache
                settings: {shared_buffers: 8MB}
              - name: probe
                expect: fail
                settings: {shared_buffers: 128kB}
              - name: planner
                settings: {random_page_cost: 1e300, cpu_index_tuple_cost: 1e300, shared_buffers: 16MB}
              - name: same
                settings: {work_mem: 4MB, jit: 'off'}
            """;

    private Path write(String mode, String ablation) throws IOException {
        Path file = dir.resolve("abl.yaml");
        Files.writeString(file, FILE.formatted(mode, ablation));
        return file;
    }

    private Experiment load(String mode, String ablation, String... sets) throws IOException {
        return ExperimentLoader.load(write(mode, ablation), Optional.empty(), List.of(sets));
    }

    @Test
    void theFullSetIsTheCumulativeLastStepAndProbesDoNotCount() throws IOException {
        Experiment cumulative = load("cumulative", "");
        Map<String, Object> last = ExperimentPlan.of(cumulative).steps().get(4).settings();
        Experiment ablation = load("ablation", "");
        assertThat(AblationUnits.fullSettings(ablation.server().base(), ablation.steps(), ablation.includeOptional()))
                .isEqualTo(last).containsEntry("shared_buffers", "16MB");
        assertThat(ExperimentPlan.of(ablation).step("full").orElseThrow().settings()).containsExactlyInAnyOrderEntriesOf(last);
    }

    @Test
    void unitsAreTheStepsThatSetEachSettingLastAndSettingsAtTheirBaseValueAreNotUnits() throws IOException {
        List<AblationUnit> units = AblationUnits.units(load("ablation", ""));
        // cache's only setting is set again by planner; work_mem: 4MB is the base value
        assertThat(units).extracting(AblationUnit::name).containsExactly("planner", "same");
        assertThat(units.get(0).settings()).containsOnlyKeys("random_page_cost", "cpu_index_tuple_cost", "shared_buffers");
        assertThat(units.get(1).settings()).containsOnlyKeys("jit");
    }

    @Test
    void namedGroupsComeFirstAndTheRestFollowsTheUnitKind() throws IOException {
        List<AblationUnit> groups = AblationUnits.units(load("ablation", "ablation: {groups: {cache: [shared_buffers]}}"));
        assertThat(groups).extracting(AblationUnit::name).containsExactly("cache", "planner", "same");
        assertThat(groups.get(1).settings()).containsOnlyKeys("random_page_cost", "cpu_index_tuple_cost");
        List<AblationUnit> single = AblationUnits.units(load("ablation", "ablation: {unit: setting, groups: {index: "
                + "[random_page_cost, cpu_index_tuple_cost]}}"));
        assertThat(single).extracting(AblationUnit::name).containsExactly("index", "shared_buffers", "jit");
    }

    @Test
    void runsAreBaseFullThenLeaveOneOutThenAddOneInWithSettingsBackAtTheirBaseValue() throws IOException {
        Experiment e = load("ablation", "ablation: {groups: {cache: [shared_buffers]}}", "repeats=3");
        ExperimentPlan plan = ExperimentPlan.of(e);
        assertThat(plan.steps()).extracting(PlannedStep::name).containsExactly("full", "base", "without-cache",
                "without-planner", "without-same", "only-cache", "only-planner", "only-same");
        assertThat(plan.step("base").orElseThrow().settings()).isEqualTo(e.server().base());
        assertThat(plan.step("without-cache").orElseThrow().settings()).containsEntry("shared_buffers", "128MB")
                .containsEntry("random_page_cost", 1e300).containsEntry("jit", "off");
        assertThat(plan.step("only-planner").orElseThrow().settings()).containsOnlyKeys("shared_buffers", "work_mem",
                "random_page_cost", "cpu_index_tuple_cost").containsEntry("shared_buffers", "128MB");
        String summary = plan.summary();
        assertThat(summary).contains("3 units (group)", "8 per repeat (full, base, 3 leave-one-out, 3 add-one-in) x 3 repeats = 24");
    }

    @Test
    void theSearchAddsItsTypicalCandidatesToTheEstimate() throws IOException {
        ExperimentPlan off = ExperimentPlan.of(load("ablation", ""));
        ExperimentPlan ddmin = ExperimentPlan.of(load("ablation", "ablation: {search: ddmin}"));
        assertThat(ddmin.estimatedDuration().minus(off.estimatedDuration()))
                .isEqualTo(off.runTimePerStep().plus(off.stepOverhead()).multipliedBy(2));
        assertThat(ddmin.summary()).contains("search: ddmin");
        assertThat(AblationPlan.searchEstimate(AblationSpec.Search.GREEDY, 5)).isEqualTo(new AblationPlan.SearchEstimate(5, 15));
    }

    @Test
    void thresholdIsAPercentOrAFraction() throws IOException {
        assertThat(load("ablation", "ablation: {threshold: 75%}").ablation().threshold()).isEqualTo(0.75);
        assertThat(load("ablation", "ablation: {threshold: 0.5}").ablation().threshold()).isEqualTo(0.5);
        assertThat(load("ablation", "").ablation().threshold()).isEqualTo(0.9);
        Path file = write("ablation", "ablation: {threshold: 90}");
        assertThatThrownBy(() -> ExperimentLoader.load(file, Optional.empty(), List.of()))
                .isInstanceOf(BadInputException.class).hasMessageContaining(file + ":6:").hasMessageContaining("90%");
    }

    @Test
    void aGroupSettingTheStepsDoNotChangeIsReportedAtItsLine() throws IOException {
        Path file = write("ablation", "ablation:\n  groups:\n    mem: [work_mem]");
        assertThatThrownBy(() -> ExperimentLoader.load(file, Optional.empty(), List.of()))
                .isInstanceOf(BadInputException.class).hasMessageContaining(file + ":8:11")
                .hasMessageContaining("'work_mem' is not changed by any step").hasMessageContaining("shared_buffers");
    }

    @Test
    void aSettingInTwoGroupsAndAnUnknownKeyAreBadInput() throws IOException {
        Path twice = write("ablation", "ablation: {groups: {a: [jit], b: [jit]}}");
        assertThatThrownBy(() -> ExperimentLoader.load(twice, Optional.empty(), List.of()))
                .hasMessageContaining("'jit' is already in a group");
        Path typo = write("ablation", "ablation: {serch: ddmin}");
        assertThatThrownBy(() -> ExperimentLoader.load(typo, Optional.empty(), List.of()))
                .hasMessageContaining(typo + ":6:").hasMessageContaining("did you mean 'search'");
    }

    @Test
    void anAblationBlockInAVariantsFileAndFewerThanTwoUnitsAreBadInput() throws IOException {
        Path variants = write("variants", "ablation: {search: ddmin}");
        assertThatThrownBy(() -> ExperimentLoader.load(variants, Optional.empty(), List.of()))
                .hasMessageContaining(variants + ":6:").hasMessageContaining("mode: ablation");
        Path one = write("ablation", "ablation: {groups: {all: [shared_buffers, random_page_cost, cpu_index_tuple_cost, jit]}}");
        assertThatThrownBy(() -> ExperimentLoader.load(one, Optional.empty(), List.of()))
                .hasMessageContaining("at least two units, found 1 (all)");
    }

    @Test
    void theResolvedFileLoadsBackToTheSameAblation() throws IOException {
        Experiment e = load("ablation", "ablation: {search: greedy, threshold: 80%, groups: {cache: [shared_buffers]}}");
        Path resolved = dir.resolve("resolved.yaml");
        Files.writeString(resolved, ExperimentYaml.write(e));
        Experiment back = ExperimentLoader.load(resolved, Optional.empty(), List.of());
        assertThat(back.mode()).isEqualTo(Mode.ABLATION);
        assertThat(back.ablation()).isEqualTo(e.ablation());
        assertThat(ExperimentPlan.of(back).steps()).isEqualTo(ExperimentPlan.of(e).steps());
    }
}
