package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
class ValidateCommandTest {

    static final Path ROOT = Path.of(System.getProperty("pgknobs.repo.root", ".."));

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream savedOut;
    private PrintStream savedErr;

    @BeforeEach
    void capture() {
        savedOut = System.out;
        savedErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restore() {
        System.setOut(savedOut);
        System.setErr(savedErr);
    }

    @Test
    void shippedExperimentsAreValidAndExitZero() {
        int code = Main.execute("validate", ROOT.resolve("experiments/article-42000x.yaml").toString(),
                ROOT.resolve("experiments/insert-benchmark-cx7a.yaml").toString(),
                ROOT.resolve("experiments/examples/first-experiment.yaml").toString());
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isEqualTo(Main.OK);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("article-42000x.yaml: ok", "profiles: quick, fit, tiny, with-128kb",
                "insert-benchmark-cx7a.yaml: ok", "first-experiment.yaml: ok");
    }

    @Test
    void anInvalidFileExitsTwoWithItsMessageAndTheOthersAreStillChecked() throws IOException {
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "name: bad\nsteps:\n  - name: baseline\n    setings: {work_mem: 1MB}\n");
        int code = Main.execute("validate", bad.toString(), ROOT.resolve("experiments/examples/first-experiment.yaml").toString());
        assertThat(code).isEqualTo(Main.BAD_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains(bad + ":4:5", "unknown key 'setings'", "did you mean 'settings'");
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("first-experiment.yaml: ok");
    }

    @Test
    void planOptionPrintsEachPlanWithProfileAndSetApplied() {
        int code = Main.execute("validate", "--plan", "--profile", "quick", "--set", "repeats=2",
                ROOT.resolve("experiments/article-42000x.yaml").toString());
        assertThat(code).isEqualTo(Main.OK);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("article-42000x (cumulative, 7 steps, 2 repeats, profile quick)",
                "4 warehouses, 8 terminals", "io-worker", "estimated duration");
    }

    @Test
    void planOfAScaledProfileShowsWhatWasScaled() {
        int code = Main.execute("validate", "--plan", "--profile", "small",
                ROOT.resolve("experiments/insert-benchmark-cx7a.yaml").toString());
        assertThat(code).isEqualTo(Main.OK);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("scaled to this machine", "base shared_buffers: 70GB -> ",
                "a8 shared_buffers: 8GB -> ");
    }

    /** validate takes run's options, so the README sweep's plan, estimate and bracket are seen before it starts. */
    @Test
    void planWithRunsOptionsPrintsThePlanOfExactlyThatRun() {
        int code = Main.execute("validate", "--plan", "--profile", "fit", "--steps", "base,a7,a8,a15",
                ROOT.resolve("experiments/insert-benchmark-cx7a.yaml").toString());
        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isEqualTo(Main.OK);
        assertThat(printed).contains("4 steps", "a7", "a8", "a15", "bracket: the base", "estimated duration")
                .doesNotContain(" a16 ", " a1 ");
        out.reset();

        code = Main.execute("validate", "--plan", "--profile", "quick", "--repeats", "3", "--shard", "2/3",
                ROOT.resolve("experiments/article-42000x.yaml").toString());
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isEqualTo(Main.OK);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("3 repeats", "shard 2/3: ");
    }

    @Test
    void runsOptionsAreCheckedAsARunChecksThem() {
        int code = Main.execute("validate", "--steps", "base,nope", ROOT.resolve("experiments/insert-benchmark-cx7a.yaml").toString());
        assertThat(code).isEqualTo(Main.BAD_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("nope");
    }

    @Test
    void missingFileIsBadInput() {
        assertThat(Main.execute("validate", dir.resolve("nope.yaml").toString())).isEqualTo(Main.BAD_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("no such file");
    }
}
