package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.testing.CliRun;

/** Bad input to {@code ablate} and {@code validate --plan} of an ablation: exit 2 or the plan, nothing started. */
class AblateCommandTest {

    static final Path ROOT = Path.of(System.getProperty("pgknobs.repo.root", ".."));

    @TempDir
    Path dir;

    @Test
    void aVariantsFileIsBadInputAndNothingIsWritten() {
        Path out = dir.resolve("results");
        CliRun.Result r = CliRun.execute("ablate", ROOT.resolve("experiments/insert-benchmark-cx7a.yaml").toString(),
                "--out", out.toString());
        assertThat(r.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains("mode: variants", "Fix: ablate a cumulative file");
        assertThat(out).doesNotExist();
    }

    @Test
    void aGroupWithASettingNoStepChangesIsBadInputWithItsLine() throws IOException {
        Path file = dir.resolve("a.yaml");
        Files.writeString(file, """
                name: a
                mode: ablation
                ablation:
                  groups:
                    mem: [work_mem]
                steps:
                  - name: one
                    settings: {random_page_cost: 1e300}
                  - name: two
                    settings: {jit: 'off'}
                """);
        CliRun.Result r = CliRun.execute("ablate", file.toString(), "--out", dir.resolve("results").toString());
        assertThat(r.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains(file + ":5:11", "'work_mem' is not changed by any step");
        assertThat(dir.resolve("results")).doesNotExist();
    }

    @Test
    void validatePlanPrintsTheRunCountAndTheEstimateOfTheShippedAblation() {
        CliRun.Result r = CliRun.execute("validate", "--plan", "--profile", "quick",
                ROOT.resolve("experiments/article-ablation.yaml").toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.OK);
        assertThat(r.out()).contains("5 units (group)", "shared_buffers", "12 per repeat", "x 2 repeats = 24",
                "search: ddmin", "estimated duration");
    }
}
