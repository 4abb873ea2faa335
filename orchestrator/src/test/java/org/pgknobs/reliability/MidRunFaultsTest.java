package org.pgknobs.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.pgknobs.cli.Main;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.testing.CliRun;
import org.pgknobs.testing.TestServers;

/**
 * Faults from outside while a step's window is being measured: the workload's sessions killed with
 * pg_terminate_backend, and the postmaster killed with SIGKILL. The run goes on in a thread; the test
 * strikes when the run says the step's measured window has opened, and judges by the files the run wrote,
 * so nothing depends on how long the window lasts on a loaded machine.
 *
 * <p>Both faults strike one run (faults/mid-run.yaml), each in its own step: they used to be two tests that
 * each ran the same fixture from its load; one run keeps every assertion of both at the cost of one more step.
 */
class MidRunFaultsTest {

    private static final Duration RUN_DEADLINE = Duration.ofMinutes(4);

    private Scratch scratch;
    private Path out;
    private Path work;
    private CliRun.Running run;

    @BeforeEach
    void setUp() {
        scratch = Scratch.create("mid");
        out = scratch.dir("out");
        work = scratch.dir("work");
    }

    @AfterEach
    void tearDown() {
        if (run != null) {
            run.finish(RUN_DEADLINE); // a failed assertion must not delete files under a run still writing them
        }
        scratch.close();
    }

    /** The step's server, once the runner has said that its measured window (after warm-up) is open. */
    private ManagedServer serverInMeasuredWindow(String step) {
        run.awaitOutput(step + "] measuring", RUN_DEADLINE);
        Path instance = Suites.instances(work).get(0);
        return ManagedServer.find(TestServers.embeddedBinaries(), TestServers.runAs(), instance).orElseThrow();
    }

    /** pg_terminate_backend on every session of the workload; how many were terminated. */
    private static int terminateWorkloadSessions(ManagedServer server) throws Exception {
        try (Connection c = server.connection().connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity "
                     + "WHERE application_name = 'pgknobs' AND pid <> pg_backend_pid() AND datname <> 'postgres'")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    @Test
    void terminatedSessionsReconnectAndAKilledPostmasterFailsThatStepOnlyAndResumeFinishes() throws Exception {
        String file = Suites.experiment("mid-run.yaml").toString();
        // --no-trial-start, here and in the resume: the faults strike the measured windows, and the trial start
        // (TrialStartTest's) would add a server start and stop per step
        run = CliRun.start("run", file, "--out", out.toString(), "--work-dir", work.toString(), "--no-trial-start");
        int terminated = terminateWorkloadSessions(serverInMeasuredWindow("victim"));
        serverInMeasuredWindow("killed").kill();

        CliRun.Result r = run.get(RUN_DEADLINE);
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.RUN_FAILED);
        Path dir = Suites.resultDir(out).orElseThrow();
        SuiteRecord suite = Suites.suite(dir);

        // the victim: its terminals lost their sessions, opened new ones, and the step completed
        assertThat(terminated).as("sessions terminated").isPositive();
        SuiteRecord.Entry victim = Suites.entry(suite, "victim");
        assertThat(victim.status()).as(victim.reason()).isEqualTo(StepStatus.DONE);
        StepResult result = Suites.step(dir, victim);
        assertThat(result.workload().headline().goodput()).isPositive();
        Map<String, Object> details = result.workload().headline().details();
        @SuppressWarnings("unchecked")
        Map<String, Object> byState = (Map<String, Object>) details.get("errors_by_sqlstate");
        // 57P01 when a terminal was inside a statement, 08006 when it sat between two paced transactions and its
        // next write met the closed socket (the fixture's rate leaves the sessions idle most of the window)
        assertThat(byState.keySet()).as("the terminations are counted as errors: " + byState)
                .anyMatch(k -> k.equals("57P01") || k.startsWith("08"));
        // Every terminal that lost its session opened exactly one new one (how many of the terminated
        // sessions were terminals, rather than another pgknobs session, is not for the test to guess).
        long lostSessions = byState.entrySet().stream().filter(e -> e.getKey().equals("57P01") || e.getKey().startsWith("08"))
                .mapToLong(e -> ((Number) e.getValue()).longValue()).sum();
        assertThat(((Number) details.get("reconnects")).longValue()).as("terminals that opened a new session")
                .isPositive().isEqualTo(lostSessions);

        // the killed postmaster failed its step only: the step after it ran
        SuiteRecord.Entry killed = Suites.entry(suite, "killed");
        assertThat(killed.status()).isEqualTo(StepStatus.FAILED);
        assertThat(killed.reason()).contains("server stopped during the run");
        assertThat(dir.resolve(killed.dir()).resolve("server-log-tail.txt")).isRegularFile();
        assertThat(Suites.entry(suite, "after").status()).isEqualTo(StepStatus.DONE);
        assertThat(suite.progress().status()).isEqualTo("failed");
        assertThat(Scratch.postgresProcessesUnder(work)).isEmpty();

        CliRun.Result resumed = CliRun.execute("run", file, "--resume", dir.toString(), "--work-dir", work.toString(),
                "--no-trial-start");
        assertThat(resumed.exitCode()).as(resumed.err()).isEqualTo(Main.OK);
        SuiteRecord finished = Suites.suite(dir);
        assertThat(finished.progress().status()).isEqualTo("done");
        assertThat(finished.steps()).extracting(SuiteRecord.Entry::status).containsOnly(StepStatus.DONE);
        assertThat(Scratch.postgresProcessesUnder(work)).isEmpty();
    }
}
