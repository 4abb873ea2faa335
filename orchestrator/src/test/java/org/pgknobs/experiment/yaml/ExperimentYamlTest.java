package org.pgknobs.experiment.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.ShippedExperimentsTest;
import org.pgknobs.experiment.WorkloadKind;
import org.pgknobs.experiment.plan.ExperimentPlan;

@Tag("unit")
class ExperimentYamlTest {

    @TempDir
    Path dir;

    static Stream<Arguments> shippedWithProfiles() throws IOException {
        return ShippedExperimentsTest.shippedFiles().flatMap(f -> {
            Experiment plain = ExperimentLoader.load(f, Optional.empty(), List.of());
            return Stream.concat(Stream.of(Arguments.of(f, null)),
                    plain.provenance().profiles().keySet().stream().map(p -> Arguments.of(f, p)));
        });
    }

    @ParameterizedTest
    @MethodSource("shippedWithProfiles")
    void theResolvedFileLoadsBackToTheSameExperiment(Path file, String profile) throws IOException {
        Experiment original = ExperimentLoader.load(file, Optional.ofNullable(profile), List.of());
        Path resolved = dir.resolve("experiment.resolved.yaml");
        Files.writeString(resolved, ExperimentYaml.write(original));
        Experiment reloaded = ExperimentLoader.load(resolved, Optional.empty(), List.of());
        assertThat(reloaded.steps()).isEqualTo(original.steps());
        assertThat(reloaded.server()).isEqualTo(original.server());
        assertThat(reloaded.workload().kind()).isEqualTo(original.workload().kind());
        // warmup is one key for both kinds: the resolved file keeps the running kind's value.
        if (original.workload().kind() == WorkloadKind.TPCC) {
            assertThat(reloaded.workload().tpcc()).isEqualTo(original.workload().tpcc());
        } else {
            assertThat(reloaded.workload().insertbench()).isEqualTo(original.workload().insertbench());
        }
        assertThat(reloaded.reference()).isEqualTo(original.reference());
        assertThat(reloaded.measurement().observe()).isEqualTo(original.measurement().observe());
        assertThat(List.of(reloaded.name(), reloaded.mode(), reloaded.data(), reloaded.measurement().repeats(), reloaded.includeOptional()))
                .isEqualTo(List.of(original.name(), original.mode(), original.data(), original.measurement().repeats(), original.includeOptional()));
        assertThat(ExperimentPlan.of(reloaded).steps()).isEqualTo(ExperimentPlan.of(original).steps());
    }
}
