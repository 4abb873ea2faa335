package org.pgknobs.experiment.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.AutoWarmup;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.plan.ExperimentPlan;

/** {@code warmup: auto}: its two spellings, its defaults, the resolved file, the plan, and its errors with file:line. */
@Tag("unit")
class WarmupYamlTest {

    @TempDir
    Path dir;

    private Path write(String workload) throws IOException {
        Path file = dir.resolve("exp.yaml");
        Files.writeString(file, "name: t\nworkload:\n" + workload + "steps:\n  - name: baseline\n");
        return file;
    }

    private Experiment load(String workload, String... sets) throws IOException {
        return ExperimentLoader.load(write(workload), Optional.empty(), List.of(sets));
    }

    @Test
    void autoTakesTheDefaultLimitsAndTheCapIsTheWarmUpThePlanCounts() throws IOException {
        Experiment e = load("  warmup: auto\n");
        assertThat(e.workload().tpcc().autoWarmup()).contains(new AutoWarmup(Duration.ofMinutes(5), Duration.ofSeconds(30)));
        assertThat(e.workload().tpcc().warmup()).isEqualTo(Duration.ofMinutes(5));
        assertThat(ExperimentPlan.of(e).summary())
                .contains("warmup auto (until the last 30s are steady, at most 5m; the estimate counts the cap)");
        assertThat(load("  warmup: 30s\n", "workload.warmup=auto").workload().tpcc().autoWarmup()).isPresent();
    }

    @Test
    void limitsAreReadAndTheResolvedFileLoadsBackToTheSame() throws IOException {
        Experiment e = load("  warmup: {auto: {cap: 2m, steady: 45s}}\n");
        assertThat(e.workload().tpcc().autoWarmup()).contains(new AutoWarmup(Duration.ofMinutes(2), Duration.ofSeconds(45)));
        String resolved = ExperimentYaml.write(e);
        assertThat(resolved).contains("warmup:\n    auto:\n      cap: 120s\n      steady: 45s");
        Path again = dir.resolve("again.yaml");
        Files.writeString(again, resolved);
        assertThat(ExperimentLoader.load(again, Optional.empty(), List.of()).workload()).isEqualTo(e.workload());
    }

    @Test
    void badLimitsAreErrorsAtTheirLine() throws IOException {
        Path capBelowSteady = write("  warmup:\n    auto:\n      cap: 20s\n      steady: 30s\n");
        assertThatThrownBy(() -> ExperimentLoader.load(capBelowSteady, Optional.empty(), List.of()))
                .isInstanceOf(BadInputException.class).hasMessageContaining(capBelowSteady + ":5:")
                .hasMessageContaining("workload.warmup.auto.cap: cap 20 s is shorter than steady 30 s");
        Path unknown = write("  warmup: {auto: {cap: 5m, stedy: 30s}}\n");
        assertThatThrownBy(() -> ExperimentLoader.load(unknown, Optional.empty(), List.of()))
                .hasMessageContaining(unknown + ":3:").hasMessageContaining("did you mean 'steady'?");
        Path fraction = write("  warmup: {auto: {steady: 30.5s}}\n");
        assertThatThrownBy(() -> ExperimentLoader.load(fraction, Optional.empty(), List.of()))
                .hasMessageContaining("workload.warmup.auto.steady: give whole seconds");
    }

    @Test
    void autoNeedsTheBuiltInTpccDriver() throws IOException {
        Path benchbase = write("  driver: benchbase\n  warmup: auto\n");
        assertThatThrownBy(() -> ExperimentLoader.load(benchbase, Optional.empty(), List.of()))
                .hasMessageContaining(benchbase + ":4:").hasMessageContaining("auto needs the built-in TPC-C driver")
                .hasMessageContaining("driver benchbase");
        assertThatThrownBy(() -> load("  warmup: auto\n", "workload.kind=insertbench"))
                .hasMessageContaining("this workload is insertbench");
    }
}
