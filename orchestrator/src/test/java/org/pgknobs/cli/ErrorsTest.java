package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.BadInputException;
import org.pgknobs.results.SuiteLayout;
import picocli.CommandLine;

/**
 * Exit 2 is bad input only; any other exception is an internal error (exit 1) that says what the run completed
 * and where its stack trace is (InternalErrorTest does the same through a real run).
 */
@Tag("unit")
class ErrorsTest {

    @TempDir
    Path dir;

    private final StringWriter err = new StringWriter();

    private int handle(Exception e) {
        CommandLine cmd = new CommandLine(new Main());
        cmd.setErr(new PrintWriter(err, true));
        return new Errors().handleExecutionException(e, cmd, null);
    }

    @Test
    void badInputIsExitTwoWithItsMessageAlone() {
        assertThat(handle(new BadInputException("exp.yaml:3: steps: no steps; fix: add one"))).isEqualTo(Main.BAD_INPUT);
        assertThat(err.toString()).isEqualTo("pgknobs: exp.yaml:3: steps: no steps; fix: add one" + System.lineSeparator());
    }

    @Test
    void anIllegalArgumentIsNotBadInputButAnInternalErrorWithItsTraceWhenNoRunStarted() {
        assertThat(handle(new IllegalArgumentException("interval [2.0, 1.0] does not hold its ratio 1.5")))
                .isEqualTo(Main.RUN_FAILED);
        assertThat(err.toString()).startsWith("pgknobs: internal error: interval [2.0, 1.0] does not hold its ratio 1.5")
                .contains("java.lang.IllegalArgumentException", "\tat ");
    }

    @Test
    void anInternalErrorInARunSaysWhatIsDoneAndPutsTheTraceInTheResultDirectory() throws IOException {
        Path out = Files.createDirectories(dir.resolve("out"));
        Files.createDirectories(out.resolve("exp/2026-01-01T00-00-00")); // an earlier run: not this one's
        ResultsSoFar soFar = ResultsSoFar.watching(out, Optional.empty());
        Path run = Files.createDirectories(out.resolve("exp/2026-12-03T10-00-00"));
        Files.writeString(run.resolve("suite.json"), """
                {"experiment": "exp", "status": "running", "steps": [
                  {"index": 0, "name": "base", "repeat": 1, "dir": "steps/00-base", "status": "done"},
                  {"index": 1, "name": "a", "repeat": 1, "dir": "steps/01-a", "status": "pending"}]}
                """);

        int code = handle(new RunFailure(new NullPointerException(), soFar));

        assertThat(code).isEqualTo(Main.RUN_FAILED);
        assertThat(err.toString()).contains("pgknobs: internal error: java.lang.NullPointerException",
                "results: " + run + ": 1 of 2 runs done (base); --resume " + run + " runs the others",
                "stack trace: " + new SuiteLayout(run).errorLog()).doesNotContain("\tat ", "2026-01-01");
        assertThat(Files.readString(new SuiteLayout(run).errorLog())).contains("NullPointerException", "\tat ");
    }

    @Test
    void aFailureBeforeTheResultDirectoryExistsSaysSoAndPrintsTheTrace() {
        ResultsSoFar soFar = ResultsSoFar.watching(dir.resolve("not-made-yet"), Optional.empty());
        assertThat(handle(new RunFailure(new IllegalStateException("no plan"), soFar))).isEqualTo(Main.RUN_FAILED);
        assertThat(err.toString()).contains("pgknobs: internal error: no plan",
                "results: none written (the run stopped before its result directory was made)", "\tat ");
    }

    @Test
    void badInputInsideARunFailureIsStillBadInput() {
        ResultsSoFar soFar = ResultsSoFar.watching(dir, Optional.empty());
        assertThat(handle(new RunFailure(new BadInputException("--shard 3/2: expected i/n"), soFar)))
                .isEqualTo(Main.BAD_INPUT);
        assertThat(err.toString()).isEqualTo("pgknobs: --shard 3/2: expected i/n" + System.lineSeparator());
    }
}
