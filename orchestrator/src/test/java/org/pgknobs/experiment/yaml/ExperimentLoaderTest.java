package org.pgknobs.experiment.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.DataPolicy;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.InsertBenchSpec;
import org.pgknobs.experiment.Isolation;
import org.pgknobs.experiment.MachineScale;
import org.pgknobs.experiment.Mode;
import org.pgknobs.experiment.Observe;
import org.pgknobs.experiment.TpccSpec;
import org.pgknobs.experiment.WorkloadKind;
import org.pgknobs.experiment.plan.ExperimentPlan;

@Tag("unit")
class ExperimentLoaderTest {

    @TempDir
    Path dir;

    private Path write(String yaml) throws IOException {
        Path file = dir.resolve("exp.yaml");
        Files.writeString(file, yaml);
        return file;
    }

    private Experiment load(String yaml, String... sets) throws IOException {
        return ExperimentLoader.load(write(yaml), Optional.empty(), List.of(sets));
    }

    private static final String MINIMAL = """
            name: t
            steps:
              - name: baseline
            """;

    @Test
    void minimalFileGetsDefaultsForEveryField() throws IOException {
        Experiment e = load(MINIMAL);
        assertThat(e.mode()).isEqualTo(Mode.CUMULATIVE);
        assertThat(e.data()).isEqualTo(DataPolicy.RESTORE);
        assertThat(e.measurement().repeats()).isEqualTo(1);
        assertThat(e.workload().kind()).isEqualTo(WorkloadKind.TPCC);
        assertThat(e.workload().tpcc()).isEqualTo(TpccSpec.defaults());
        assertThat(e.workload().insertbench()).isEqualTo(InsertBenchSpec.defaults());
        assertThat(e.reference()).isEmpty();
    }

    @Test
    void wrongTypeIsReportedWithFileLineColumnAndField() throws IOException {
        Path file = write("""
                name: t
                workload:
                  kind: tpcc
                  warehouses: many
                steps: [{name: baseline}]
                """);
        assertThatThrownBy(() -> ExperimentLoader.load(file, Optional.empty(), List.of()))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining(file + ":4:15")
                .hasMessageContaining("workload.warehouses")
                .hasMessageContaining("whole number")
                .hasMessageContaining("fix:");
    }

    @Test
    void unknownKeyIsAnErrorWithTheClosestKnownKeySuggested() throws IOException {
        Path file = write("""
                name: t
                workload:
                  warehouse: 4
                steps: [{name: baseline}]
                """);
        assertThatThrownBy(() -> ExperimentLoader.load(file, Optional.empty(), List.of()))
                .hasMessageContaining(file + ":3:3")
                .hasMessageContaining("unknown key 'warehouse'")
                .hasMessageContaining("did you mean 'warehouses'");
    }

    @Test
    void unknownTopLevelKeySuggestsToo() throws IOException {
        assertThatThrownBy(() -> load("name: t\nstep: []\nsteps: [{name: baseline}]\n"))
                .hasMessageContaining(":2:1").hasMessageContaining("did you mean 'steps'");
    }

    @Test
    void duplicateStepNamesAreRejectedPointingAtBoth() throws IOException {
        assertThatThrownBy(() -> load("""
                name: t
                steps:
                  - name: a
                    settings: {work_mem: 4MB}
                  - name: a
                    settings: {work_mem: 8MB}
                """)).hasMessageContaining(":5:5").hasMessageContaining("duplicate step name")
                .hasMessageContaining("first at").hasMessageContaining(":3:5");
    }

    @Test
    void duplicateYamlKeysAreRejected() throws IOException {
        assertThatThrownBy(() -> load("name: t\nname: u\nsteps: [{name: baseline}]\n"))
                .hasMessageContaining(":2:1").hasMessageContaining("duplicate key");
    }

    @Test
    void emptyStepListAndStepsThatChangeNothingAreRejected() throws IOException {
        assertThatThrownBy(() -> load("name: t\nsteps: []\n")).hasMessageContaining("no steps");
        assertThatThrownBy(() -> load("name: t\nmode: variants\nsteps: [{name: baseline}, {name: nothing}]\n"))
                .hasMessageContaining("steps[nothing]").hasMessageContaining("changes nothing");
    }

    @Test
    void baseAndBaselineStepsMayBeEmpty() throws IOException {
        assertThat(load("name: t\nmode: variants\nsteps: [{name: base}, {name: x, settings: {work_mem: 8MB}}]\n")
                .steps()).hasSize(2);
    }

    @Test
    void missingRequiredFieldsAreNamed() throws IOException {
        assertThatThrownBy(() -> load("steps: [{name: baseline}]\n")).hasMessageContaining("name: missing");
        assertThatThrownBy(() -> load("name: t\n")).hasMessageContaining("steps: missing");
        assertThatThrownBy(() -> load("name: t\nsteps: [{settings: {a: 1}}]\n")).hasMessageContaining("steps[1].name: missing");
    }

    @Test
    void invalidYamlSyntaxNamesTheLine() throws IOException {
        assertThatThrownBy(() -> load("name: t\nsteps:\n  - name: [unclosed\n")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("not valid YAML").hasMessageMatching("(?s).*exp\\.yaml:\\d+:\\d+.*");
    }

    @Test
    void settingValuesKeepTheirYamlFormAndOnOffStayText() throws IOException {
        Experiment e = load("""
                name: t
                server:
                  base: {Shared_Buffers: 1GB, wal_log_hints: on, full_page_writes: off, checkpoint_timeout: 30,
                         random_page_cost: 1.5, log_destination: 'stderr,jsonlog'}
                steps: [{name: baseline}]
                """);
        assertThat(e.server().base()).containsExactly(
                java.util.Map.entry("shared_buffers", "1GB"), java.util.Map.entry("wal_log_hints", "on"),
                java.util.Map.entry("full_page_writes", "off"), java.util.Map.entry("checkpoint_timeout", 30),
                java.util.Map.entry("random_page_cost", 1.5), java.util.Map.entry("log_destination", "stderr,jsonlog"));
    }

    @Test
    void aListAsSettingValueIsRejectedWithTheQuotingHint() throws IOException {
        assertThatThrownBy(() -> load("name: t\nserver: {base: {log_destination: [stderr, jsonlog]}}\nsteps: [{name: baseline}]\n"))
                .hasMessageContaining("server.base.log_destination").hasMessageContaining("'stderr,jsonlog'");
    }

    @Test
    void workloadFieldsParseDurationsRatesIsolationAndWeights() throws IOException {
        Experiment e = load("""
                name: t
                workload: {kind: TPCC, warmup: 2m, duration: 10, rate: unlimited,
                           isolation: TRANSACTION_REPEATABLE_READ, weights: [40, 40, 10, 5, 5], loader_threads: 2}
                steps: [{name: baseline}]
                """);
        TpccSpec t = e.workload().tpcc();
        assertThat(t.warmup()).isEqualTo(Duration.ofMinutes(2));
        assertThat(t.duration()).isEqualTo(Duration.ofSeconds(10));
        assertThat(t.rate().isUnlimited()).isTrue();
        assertThat(t.isolation()).isEqualTo(Isolation.REPEATABLE_READ);
        assertThat(t.weights()).containsExactly(40, 40, 10, 5, 5);
        assertThat(t.loaderThreads()).hasValue(2);
    }

    @Test
    void weightsMustBeFivePercentagesSummingTo100() throws IOException {
        assertThatThrownBy(() -> load("name: t\nworkload: {weights: [45, 43, 4, 4]}\nsteps: [{name: baseline}]\n"))
                .hasMessageContaining("workload.weights").hasMessageContaining("summing to 100");
    }

    @Test
    void referenceValuesMustNameExistingSteps() throws IOException {
        assertThatThrownBy(() -> load("""
                name: t
                steps: [{name: baseline}]
                reference: {source: s, metric: tps, values: {basline: 1}}
                """)).hasMessageContaining("unknown key 'basline'").hasMessageContaining("did you mean 'baseline'");
    }

    @Test
    void setOverridesFieldsWithYamlTypedValues() throws IOException {
        Experiment e = load("""
                name: t
                workload: {kind: insertbench, warehouses: 8}
                steps:
                  - name: baseline
                  - name: big
                    settings: {shared_buffers: 1GB}
                """, "workload.warehouses=1", "workload.kind=tpcc", "server.base.shared_buffers=256MB",
                "steps.big.settings.shared_buffers=2GB", "repeats=3");
        assertThat(e.workload().kind()).isEqualTo(WorkloadKind.TPCC);
        assertThat(e.workload().tpcc().warehouses()).isEqualTo(1);
        assertThat(e.server().base()).containsEntry("shared_buffers", "256MB");
        assertThat(e.steps().get(1).settings()).containsEntry("shared_buffers", "2GB");
        assertThat(e.measurement().repeats()).isEqualTo(3);
    }

    @Test
    void setAddressesStepsByOneBasedPositionAndRejectsUnknownOnes() throws IOException {
        String yaml = "name: t\nsteps:\n  - name: baseline\n  - name: x\n    settings: {work_mem: 1MB}\n";
        assertThat(load(yaml, "steps.2.settings.work_mem=2MB").steps().get(1).settings()).containsEntry("work_mem", "2MB");
        assertThatThrownBy(() -> load(yaml, "steps.nope.settings.work_mem=2MB"))
                .hasMessageContaining("no list element 'nope'");
    }

    @Test
    void badSetValuesNameTheOptionInsteadOfAFileLine() throws IOException {
        assertThatThrownBy(() -> load(MINIMAL, "workload.terminals=zero"))
                .hasMessageContaining("--set workload.terminals=zero").hasMessageContaining("workload.terminals");
        assertThatThrownBy(() -> load(MINIMAL, "workload.warehous=1"))
                .hasMessageContaining("did you mean 'warehouses'");
        assertThatThrownBy(() -> load(MINIMAL, "worklaod.warehouses=1"))
                .hasMessageContaining("did you mean 'workload'");
        assertThatThrownBy(() -> load(MINIMAL, "repeats")).hasMessageContaining("path=value");
    }

    private static final String WITH_PROFILES = """
            name: t
            server:
              base: {shared_buffers: 10GB, max_connections: 120}
            workload: {warehouses: 128, terminals: 100, duration: 120s}
            steps: [{name: baseline}]
            profiles:
              quick:
                server: {base: {shared_buffers: 1GB}}
                workload: {warehouses: 4}
              broken:
                workload: {terminal: 4}
            """;

    @Test
    void profileDeepMergesOverTheFileAndSetComesAfterIt() throws IOException {
        Path file = write(WITH_PROFILES);
        Experiment e = ExperimentLoader.load(file, Optional.of("quick"), List.of("workload.warehouses=2"));
        assertThat(e.provenance().profile()).hasValue("quick");
        assertThat(e.server().base()).containsEntry("shared_buffers", "1GB").containsEntry("max_connections", 120);
        assertThat(e.workload().tpcc().warehouses()).isEqualTo(2);
        assertThat(e.workload().tpcc().terminals()).isEqualTo(100);
        assertThat(e.workload().tpcc().duration()).isEqualTo(Duration.ofSeconds(120));
    }

    @Test
    void errorsInAProfilePointAtTheProfileLine() throws IOException {
        Path file = write(WITH_PROFILES);
        assertThatThrownBy(() -> ExperimentLoader.load(file, Optional.of("broken"), List.of()))
                .hasMessageContaining(file + ":11:16").hasMessageContaining("did you mean 'terminals'");
        assertThatThrownBy(() -> ExperimentLoader.loadEveryProfile(file)).hasMessageContaining("'terminal'");
    }

    @Test
    void unknownProfileSuggestsTheClosest() throws IOException {
        Path file = write(WITH_PROFILES);
        assertThatThrownBy(() -> ExperimentLoader.load(file, Optional.of("quik"), List.of()))
                .hasMessageContaining("no profile 'quik'").hasMessageContaining("did you mean 'quick'");
    }

    @Test
    void profileScaleIsReadInBytes() throws IOException {
        Path file = write(MINIMAL + "profiles:\n  small:\n    scale: {ram: 120GB, disk: 2TB}\n");
        Experiment e = ExperimentLoader.load(file, Optional.of("small"), List.of());
        assertThat(e.provenance().scale()).hasValue(new MachineScale(120L << 30, 2L << 40));
        assertThat(ExperimentLoader.load(file, Optional.empty(), List.of()).provenance().scale()).isEmpty();
    }

    @Test
    void expectFailAndOptionalStepsAreRead() throws IOException {
        Experiment e = load("""
                name: t
                steps:
                  - name: baseline
                  - name: tiny
                    optional: true
                    expect: {fail: no unpinned buffers available}
                    settings: {shared_buffers: 128kB}
                  - name: other
                    expect: fail
                    settings: {shared_buffers: 1kB}
                include_optional: [tiny]
                """);
        assertThat(e.steps().get(1).optional()).isTrue();
        assertThat(e.steps().get(1).expectFail()).hasValue("no unpinned buffers available");
        assertThat(e.steps().get(2).expectFail()).isPresent();
        assertThat(e.includeOptional()).containsExactly("tiny");
        assertThatThrownBy(() -> load(MINIMAL + "include_optional: [baseline]\n"))
                .hasMessageContaining("not an optional step");
    }

    // observe: read, chosen by a profile, refused when unknown, written back, kept by the with-methods

    @Test
    void absentMeansNothingObservedAndTheListIsReadInAnyOrder() throws IOException {
        Experiment none = ExperimentLoader.load(write("name: t\nsteps: [{name: base}]\n"), Optional.empty(), List.of());
        assertThat(none.measurement().observe()).isEmpty();
        Experiment both = ExperimentLoader.load(write("name: t\nobserve: [profile, statements]\nsteps: [{name: base}]\n"),
                Optional.empty(), List.of());
        assertThat(both.measurement().observe()).containsExactly(Observe.STATEMENTS, Observe.PROFILE);
    }

    @Test
    void aProfileMaySetItAndReplacesTheFilesList() throws IOException {
        Path file = write("""
                name: t
                observe: [profile]
                profiles:
                  stmts: {observe: [statements]}
                steps: [{name: base}]
                """);
        assertThat(ExperimentLoader.load(file, Optional.of("stmts"), List.of()).measurement().observe()).containsExactly(Observe.STATEMENTS);
        assertThat(ExperimentLoader.load(file, Optional.empty(), List.of()).measurement().observe()).containsExactly(Observe.PROFILE);
    }

    @Test
    void anUnknownCaptureIsAnErrorAtItsLineListingTheChoices() throws IOException {
        Path file = write("name: t\nsteps: [{name: base}]\nobserve:\n  - statements\n  - plans\n");
        assertThatThrownBy(() -> ExperimentLoader.load(file, Optional.empty(), List.of()))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining(file + ":5:5")
                .hasMessageContaining("observe[2]")
                .hasMessageContaining("unknown capture 'plans'")
                .hasMessageContaining("statements, profile");
        Path twice = write("name: t\nsteps: [{name: base}]\nobserve: [statements, statements]\n");
        assertThatThrownBy(() -> ExperimentLoader.load(twice, Optional.empty(), List.of()))
                .hasMessageContaining("observe[2]").hasMessageContaining("listed twice");
        Path scalar = write("name: t\nsteps: [{name: base}]\nobserve: statements\n");
        assertThatThrownBy(() -> ExperimentLoader.load(scalar, Optional.empty(), List.of()))
                .hasMessageContaining(scalar + ":3:10").hasMessageContaining("expected a list");
    }

    @Test
    void theResolvedFileAndThePlanSayWhatIsObservedAndWithMethodsKeepIt() throws IOException {
        Experiment e = ExperimentLoader.load(write("name: t\nobserve: [statements]\nsteps: [{name: base}]\n"),
                Optional.empty(), List.of());
        Path resolved = dir.resolve("experiment.resolved.yaml");
        Files.writeString(resolved, ExperimentYaml.write(e.withObserve(Set.of(Observe.PROFILE))));
        assertThat(Files.readString(resolved)).contains("observe:\n- statements\n- profile");
        assertThat(ExperimentLoader.load(resolved, Optional.empty(), List.of()).measurement().observe())
                .containsExactly(Observe.STATEMENTS, Observe.PROFILE);
        assertThat(e.withRepeats(3).withSteps(e.steps()).withServer(e.server()).asAblation().onlySteps(Set.of("base"))
                .measurement().observe()).containsExactly(Observe.STATEMENTS);
        assertThat(ExperimentPlan.of(e).summary()).contains("  observe: statements");
    }
}
