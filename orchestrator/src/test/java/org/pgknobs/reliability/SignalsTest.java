package org.pgknobs.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pgknobs.cli.Main;
import org.pgknobs.history.HistoryEntries;
import org.pgknobs.history.HistoryLocation;
import org.pgknobs.history.HistoryStore;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.testing.CliRun;

/**
 * Ctrl-C (SIGINT) and SIGTERM while a step is being measured, sent to a real pgknobs process: it exits
 * 130 / 143, suite.json says interrupted, no server of the run is left running or on disk, and
 * {@code --resume} finishes the suite and records the step it finished in the history, once.
 */
class SignalsTest {

    @ParameterizedTest(name = "SIG{0}")
    @CsvSource({"INT, 130, true", "TERM, 143, false"})
    void signalMidStepMarksItInterruptedStopsServersAndResumeFinishes(String signal, int exitCode, boolean resume) {
        try (Scratch scratch = Scratch.create("sig")) {
            Path out = scratch.dir("out");
            Path work = scratch.dir("work");
            String file = Suites.experiment("two-steps.yaml").toString();
            // --no-trial-start, here and in the resume: the trial start is TrialStartTest's; this test's subject is
            // the signal in the measured window, and each trial is a server start and stop (about 0.9 CPU-s)
            ChildRun run = ChildRun.start(scratch.root().resolve("run.log"), Map.of(),
                    "run", file, "--steps", "victim", "--out", out.toString(), "--work-dir", work.toString(),
                    "--no-trial-start");
            // a deadline, not a figure: the child loads a warehouse first (50 s at load average 28, with two
            // other test JVMs beside it)
            run.awaitOutput("measuring tpcc", 300);
            run.signal(signal);

            assertThat(run.waitFor(60)).as(run.output()).isEqualTo(exitCode);
            assertThat(run.output()).contains("interrupted: servers stopped", "finish with --resume");
            Path dir = Suites.resultDir(out).orElseThrow();
            SuiteRecord suite = Suites.suite(dir);
            assertThat(suite.progress().status()).isEqualTo("interrupted");
            assertThat(Suites.entry(suite, "victim").status()).isEqualTo(StepStatus.INTERRUPTED);
            assertThat(Scratch.postgresProcessesUnder(work)).as("no server of the run left running").isEmpty();
            assertThat(Suites.instances(work)).as("no cluster of the run left on disk").isEmpty();
            if (!resume) {
                return; // the same hook handles both signals; resuming once (after SIGINT) keeps the test short
            }

            // in this JVM: only the signal needs a process of its own (the other resume tests run in-process too)
            CliRun.Result resumed = CliRun.execute("run", file, "--steps", "victim", "--resume", dir.toString(),
                    "--work-dir", work.toString(), "--no-trial-start");
            assertThat(resumed.exitCode()).as(resumed.out() + resumed.err()).isEqualTo(Main.OK);
            SuiteRecord finished = Suites.suite(dir);
            assertThat(finished.progress().status()).isEqualTo("done");
            assertThat(finished.steps()).extracting(SuiteRecord.Entry::status).containsOnly(StepStatus.DONE);
            assertThat(Scratch.postgresProcessesUnder(work)).isEmpty();
            // the history beside the results: the interrupted step was not recorded, the resume recorded it, once
            HistoryLocation history = new HistoryLocation(out.resolve(HistoryLocation.DEFAULT_FILE).toString());
            assertThat(resumed.out()).contains("history: 1 step(s) of " + dir.getFileName() + " recorded in " + history.text());
            try (HistoryStore store = HistoryStore.open(history)) {
                assertThat(store.record(HistoryEntries.of(dir))).as("recorded once").isZero();
                assertThat(store.steps(null, "victim", null)).singleElement()
                        .satisfies(s -> assertThat(s.step().values()).hasSize(1));
            }
        }
    }
}
