package org.pgknobs.cli;

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
import org.pgknobs.experiment.yaml.ExperimentLoader;

/** {@code --repeats N | auto | MIN..MAX} over what the file says. */
@Tag("unit")
class RepeatsOptionTest {

    @TempDir
    Path dir;

    private Experiment file(String repeats) throws IOException {
        Path f = dir.resolve("e.yaml");
        Files.writeString(f, "name: t\nsteps: [{name: base}, {name: a, settings: {work_mem: 8MB}}]\nrepeats: " + repeats + "\n");
        return ExperimentLoader.load(f, Optional.empty(), List.of());
    }

    @Test
    void autoKeepsTheFilesBoundsAndARangeKeepsItsTarget() throws IOException {
        Experiment e = file("{auto: {min: 2, max: 4, target: 5%}}");
        assertThat(RepeatsOption.applyTo("auto", e).measurement().autoRepeats()).contains(new RepeatsAuto(2, 4, 0.05));
        assertThat(RepeatsOption.applyTo("3..8", e).measurement().autoRepeats()).contains(new RepeatsAuto(3, 8, 0.05));
        assertThat(RepeatsOption.applyTo("auto", file("1")).measurement().autoRepeats()).contains(RepeatsAuto.defaults());
        Experiment fixed = RepeatsOption.applyTo("4", e);
        assertThat(fixed.measurement().autoRepeats()).isEmpty();
        assertThat(fixed.measurement().repeats()).isEqualTo(4);
    }

    @Test
    void badValuesSayWhatIsAccepted() throws IOException {
        Experiment e = file("1");
        assertThatThrownBy(() -> RepeatsOption.applyTo("0", e)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("--repeats 3, --repeats auto or --repeats 3..6");
        assertThatThrownBy(() -> RepeatsOption.applyTo("1..3", e)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("2 ≤ MIN ≤ MAX");
        assertThatThrownBy(() -> RepeatsOption.applyTo("5..3", e)).isInstanceOf(BadInputException.class);
        assertThatThrownBy(() -> RepeatsOption.applyTo("lots", e)).isInstanceOf(BadInputException.class);
    }
}
