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
import org.pgknobs.experiment.MissingSetting;
import org.pgknobs.experiment.PgRelease;

/** server.versions and server.on_missing_setting: read, defaulted, validated with file:line, written back. */
@Tag("unit")
class ServerVersionsYamlTest {

    @TempDir
    Path dir;

    private Path write(String server) throws IOException {
        Path file = dir.resolve("exp.yaml");
        Files.writeString(file, "name: t\nserver:\n" + server + "steps:\n  - name: baseline\n");
        return file;
    }

    private Experiment load(String server) throws IOException {
        return ExperimentLoader.load(write(server), Optional.empty(), List.of());
    }

    @Test
    void versionsAndTheMissingSettingPolicyAreRead() throws IOException {
        Experiment e = load("  versions: [16, 17, 18]\n  on_missing_setting: skip\n");
        assertThat(e.server().versions()).containsExactly(PgRelease.ofMajor(16), PgRelease.ofMajor(17), PgRelease.ofMajor(18));
        assertThat(e.server().onMissingSetting()).isEqualTo(MissingSetting.SKIP);
    }

    @Test
    void releasesAreReadAsWrittenNotAsYamlNumbers() throws IOException {
        // YAML reads 17.10 as the number 17.1: the release is taken from the text
        Experiment e = load("  versions: [13, 17.10, 17.1, \"16.4\"]\n");
        assertThat(e.server().versions()).extracting(PgRelease::toString).containsExactly("13", "17.10", "17.1", "16.4");
        assertThat(e.server().versions().get(1).zonkyVersion()).isEqualTo("17.10.0");
        assertThat(e.server().versions().get(1)).isGreaterThan(e.server().versions().get(2));
    }

    @Test
    void aReleaseThatIsNoReleaseIsRejectedAtItsLine() throws IOException {
        Path file = write("  versions: [17.2.1]\n");
        assertThatThrownBy(() -> ExperimentLoader.load(file, Optional.empty(), List.of()))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("server.versions[1]")
                .hasMessageContaining("'17.2.1' is not a PostgreSQL major or release");
    }

    @Test
    void withoutThemOneVersionAndNotApplicable() throws IOException {
        Experiment e = load("  initdb: []\n");
        assertThat(e.server().versions()).isEmpty();
        assertThat(e.server().onMissingSetting()).isEqualTo(MissingSetting.NA);
    }

    @Test
    void anUnknownMajorIsRejectedAtItsLine() throws IOException {
        Path file = write("  versions: [16, 9]\n");
        assertThatThrownBy(() -> ExperimentLoader.load(file, Optional.empty(), List.of()))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining(file + ":3:")
                .hasMessageContaining("server.versions[2]")
                .hasMessageContaining("PostgreSQL 9 is not a major pgknobs knows");
    }

    @Test
    void aVersionListedTwiceIsRejected() throws IOException {
        Path file = write("  versions:\n    - 17\n    - 17\n");
        assertThatThrownBy(() -> ExperimentLoader.load(file, Optional.empty(), List.of()))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining(file + ":5:")
                .hasMessageContaining("17 is listed twice");
    }

    @Test
    void aWrongPolicyNamesTheChoices() throws IOException {
        Path file = write("  on_missing_setting: ignore\n");
        assertThatThrownBy(() -> ExperimentLoader.load(file, Optional.empty(), List.of()))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining(file + ":3:")
                .hasMessageContaining("na | skip");
    }

    @Test
    void theResolvedFileKeepsThemAndLoadsBackEqual() throws IOException {
        Experiment e = load("  versions: [18, 17.10, 16]\n  on_missing_setting: skip\n");
        Path resolved = dir.resolve("resolved.yaml");
        Files.writeString(resolved, ExperimentYaml.write(e));
        Experiment back = ExperimentLoader.load(resolved, Optional.empty(), List.of());
        assertThat(back.server()).isEqualTo(e.server());
    }
}
