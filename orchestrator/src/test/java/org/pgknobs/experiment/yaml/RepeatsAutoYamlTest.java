package org.pgknobs.experiment.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.RepeatsAuto;
import org.pgknobs.experiment.plan.ExperimentPlan;

/** {@code repeats: auto} in the file: its forms, its defaults, its errors with file:line, and the resolved file. */
@Tag("unit")
class RepeatsAutoYamlTest {

    @TempDir
    Path dir;

    private Experiment load(String repeats, String... sets) throws IOException {
        Path file = dir.resolve("exp.yaml");
        Files.writeString(file, """
                name: t
                mode: variants
                steps:
                  - name: base
                  - name: a
                    settings: {work_mem: 8MB}
                repeats: %s
                """.formatted(repeats));
        return ExperimentLoader.load(file, Optional.empty(), List.of(sets));
    }

    @Test
    void autoAloneTakesTheDefaultsAndPlansItsMinRounds() throws IOException {
        Experiment e = load("auto");
        assertThat(e.measurement().autoRepeats()).contains(RepeatsAuto.defaults());
        assertThat(e.measurement().repeats()).isEqualTo(RepeatsAuto.DEFAULT_MIN);
        assertThat(ExperimentPlan.of(e).runs()).hasSize(2 * RepeatsAuto.DEFAULT_MIN);
    }

    @Test
    void theMappingFormSetsMinMaxAndTargetAsPercentOrFraction() throws IOException {
        assertThat(load("{auto: {min: 2, max: 8, target: 5%}}").measurement().autoRepeats()).contains(new RepeatsAuto(2, 8, 0.05));
        assertThat(load("{auto: {max: 4, target: 0.02}}").measurement().autoRepeats()).contains(new RepeatsAuto(3, 4, 0.02));
        assertThat(load("{auto: {min: 9}}").measurement().autoRepeats()).as("max follows a min above the default max")
                .contains(new RepeatsAuto(9, 9, 0.03));
        assertThat(load("3").measurement().autoRepeats()).isEmpty();
    }

    @Test
    void badValuesNameTheLineAndTheField() {
        assertThatThrownBy(() -> load("{auto: {min: 1}}")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("exp.yaml:7").hasMessageContaining("repeats.auto.min")
                .hasMessageContaining("≥ 2");
        assertThatThrownBy(() -> load("{auto: {min: 4, max: 3}}")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("exp.yaml:7").hasMessageContaining("max 3 is below min 4");
        assertThatThrownBy(() -> load("{auto: {target: 150%}}")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("repeats.auto.target").hasMessageContaining("below 100 %");
        assertThatThrownBy(() -> load("{auto: {mni: 3}}")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("did you mean 'min'");
        assertThatThrownBy(() -> load("often")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("exp.yaml:7").hasMessageContaining("a whole number ≥ 1 or auto");
    }

    @Test
    void theResolvedFileLoadsBackAsTheSameAuto() throws IOException {
        Experiment e = load("{auto: {min: 2, max: 5, target: 4%}}");
        Path again = dir.resolve("again.yaml");
        Files.writeString(again, ExperimentYaml.write(e));
        assertThat(ExperimentLoader.load(again, Optional.empty(), List.of()).measurement().autoRepeats()).isEqualTo(e.measurement().autoRepeats());
    }

    @Test
    void thePlanShowsTheTimeAtMinAndAtMaxRounds() throws IOException {
        ExperimentPlan plan = ExperimentPlan.of(load("{auto: {min: 2, max: 6}}"));
        assertThat(plan.estimatedDuration(6)).isGreaterThan(plan.estimatedDuration(2));
        assertThat(plan.estimatedDuration()).isEqualTo(plan.estimatedDuration(2));
        assertThat(plan.summary()).contains("repeats auto 2..6 rounds, target ±3 %")
                .containsPattern("estimated duration: \\S+( \\S+)? to \\S+( \\S+)? \\(repeats auto 2\\.\\.6 rounds");
    }
}
