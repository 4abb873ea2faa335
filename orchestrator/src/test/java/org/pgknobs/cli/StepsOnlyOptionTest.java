package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.testing.CliRun;

/** --steps-only where it means nothing is bad input: exit 2, the reason, nothing created; the help documents it. */
@Tag("unit")
class StepsOnlyOptionTest {

    private static final String CUMULATIVE = "name: t\nsteps:\n  - name: baseline\n  - {name: a, settings: {work_mem: 8MB}}\n";

    @TempDir
    Path dir;

    private CliRun.Result run(String command, String yaml, String... options) throws IOException {
        Path file = dir.resolve("exp.yaml");
        Files.writeString(file, yaml);
        List<String> args = new ArrayList<>(List.of(command, file.toString(), "--out", dir.resolve("results").toString(),
                "--work-dir", dir.resolve("work").toString()));
        args.addAll(List.of(options));
        return CliRun.execute(args.toArray(String[]::new));
    }

    private void assertBadInput(CliRun.Result r, String message) {
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains(message);
        assertThat(dir.resolve("results")).as("no result directory").doesNotExist();
        assertThat(dir.resolve("work")).as("no cluster").doesNotExist();
    }

    @Test
    void stepsOnlyWithoutStepsIsBadInput() throws IOException {
        assertBadInput(run("run", CUMULATIVE, "--steps-only"), "--steps-only needs --steps NAME,...");
    }

    @Test
    void stepsOnlyOnAVariantsFileOrAnAblationIsBadInput() throws IOException {
        assertBadInput(run("run", CUMULATIVE + "mode: variants\n", "--steps", "baseline,a", "--steps-only"),
                "runs as mode: variants, where every step already runs alone on the base");
        assertBadInput(run("ablate", CUMULATIVE + "  - {name: b, settings: {maintenance_work_mem: 8MB}}\n",
                        "--steps", "baseline,a,b", "--steps-only"),
                "runs as mode: ablation, where the named steps are the units");
    }

    @Test
    void anUnknownStepIsStillBadInputWithStepsOnly() throws IOException {
        assertBadInput(run("run", CUMULATIVE, "--steps", "baseline,nope", "--steps-only"), "has no step nope");
    }

    @Test
    void theHelpSaysWhatStepsAndStepsOnlyRunWith() {
        CliRun.Result r = CliRun.execute("run", "--help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out().replaceAll("\\s+", " ")).contains("--steps-only")
                .contains("each runs as the chain defines it, with the settings of every step before it")
                .contains("not the published step: no published value, no verdict");
    }
}
