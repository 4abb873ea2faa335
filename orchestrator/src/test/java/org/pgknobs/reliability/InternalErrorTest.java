package org.pgknobs.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.pgknobs.cli.Main;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.testing.CliRun;

/**
 * A defect in pgknobs in the middle of a real run is not bad input: exit 1, "internal error" with the message,
 * what the run completed and where, the stack trace in the result directory; the steps done stay done.
 *
 * <p>The fault: the run's standard output throws an IllegalArgumentException when the runner announces the second
 * step, between the steps, where no step's own error handling catches it (a step's exceptions fail that step only,
 * StepFaultsTest). The run, its servers and its files are real; only the console fails.
 */
class InternalErrorTest {

    private static final String FAULT = "injected: the console refused a line";

    private Scratch scratch;

    @BeforeEach
    void setUp() {
        scratch = Scratch.create("internal");
    }

    @AfterEach
    void tearDown() {
        scratch.close();
    }

    @Test
    void anExceptionBetweenStepsExitsOneAsAnInternalErrorAndKeepsTheStepDone() throws Exception {
        Path out = scratch.dir("out");
        Path work = scratch.dir("work");
        String file = Suites.experiment("two-steps.yaml").toString();

        CliRun.Result r = executeFailingAt("[2/2 after] starting", "run", file, "--out", out.toString(),
                "--work-dir", work.toString());

        assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.RUN_FAILED);
        Path dir = Suites.resultDir(out).orElseThrow();
        assertThat(r.err()).contains("pgknobs: internal error: " + FAULT,
                "results: " + dir + ": 1 of 2 runs done (victim); --resume " + dir + " runs the others",
                "stack trace: " + dir.resolve("pgknobs-error.log"));
        assertThat(r.err()).as("the trace goes to the file, not the terminal").doesNotContain("\tat ")
                .doesNotContain("bad input");
        assertThat(Files.readString(dir.resolve("pgknobs-error.log")))
                .contains("java.lang.IllegalArgumentException: " + FAULT, "\tat ");

        SuiteRecord suite = Suites.suite(dir);
        assertThat(Suites.entry(suite, "victim").status()).isEqualTo(StepStatus.DONE);
        assertThat(Suites.step(dir, Suites.entry(suite, "victim")).workload().headline().goodput()).isPositive();
        assertThat(Suites.entry(suite, "after").status()).isEqualTo(StepStatus.PENDING);
        assertThat(Scratch.postgresProcessesUnder(work)).as("servers stopped").isEmpty();
    }

    /** Runs the CLI with a standard output that throws once a line holding {@code marker} is printed. */
    private static CliRun.Result executeFailingAt(String marker, String... args) {
        synchronized (CliRun.class) { // CliRun swaps System.out under this lock too
            PrintStream oldOut = System.out;
            PrintStream oldErr = System.err;
            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            try {
                System.setOut(new PrintStream(new FailingAt(marker, printed, oldOut), true, StandardCharsets.UTF_8));
                System.setErr(new PrintStream(new Echo(err, oldErr), true, StandardCharsets.UTF_8));
                int code = Main.execute(args);
                return new CliRun.Result(code, printed.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
            } finally {
                System.setOut(oldOut);
                System.setErr(oldErr);
            }
        }
    }

    /** Keeps what was written and echoes it to the test's own output. */
    private static class Echo extends OutputStream {
        final ByteArrayOutputStream kept;
        private final OutputStream echo;

        Echo(ByteArrayOutputStream kept, OutputStream echo) {
            this.kept = kept;
            this.echo = echo;
        }

        @Override
        public void write(int c) {
            write(new byte[] {(byte) c}, 0, 1);
        }

        @Override
        public void write(byte[] buf, int off, int len) {
            kept.write(buf, off, len);
            try {
                echo.write(buf, off, len);
            } catch (java.io.IOException ignored) {
                // echo is best effort
            }
        }
    }

    /** An output that throws (a RuntimeException, which PrintStream passes on) once the marker was written. */
    private static final class FailingAt extends Echo {
        private final String marker;
        private boolean failed;

        FailingAt(String marker, ByteArrayOutputStream kept, OutputStream echo) {
            super(kept, echo);
            this.marker = marker;
        }

        @Override
        public void write(byte[] buf, int off, int len) {
            super.write(buf, off, len);
            if (!failed && kept.toString(StandardCharsets.UTF_8).contains(marker)) {
                failed = true;
                throw new IllegalArgumentException(FAULT);
            }
        }
    }
}
