package org.pgknobs.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
 * Faults from outside while the first step's window is being measured: the postmaster killed with
 * SIGKILL, and the workload's sessions killed with pg_terminate_backend. The run goes on in a thread;
 * the test strikes when the run says the victim's measured window has opened, and judges by the files
 * the run wrote, so nothing depends on how long the window lasts on a loaded machine.
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

    private CliRun.Running startRun(String... extra) {
        List<String> args = new ArrayList<>(List.of("run", Suites.experiment("two-steps.yaml").toString(), "--out",
                out.toString(), "--work-dir", work.toString()));
        args.addAll(List.of(extra));
        return CliRun.start(args.toArray(String[]::new));
    }

    /** The victim step's server, once the runner has said that its measured window (after warm-up) is open. */
    private ManagedServer serverInMeasuredWindow() {
        run.awaitOutput("victim] measuring", RUN_DEADLINE);
        Path instance = Suites.instances(work).get(0);
        return ManagedServer.find(TestServers.embeddedBinaries(), TestServers.runAs(), instance).orElseThrow();
    }

    @Test
    void postmasterKilledMidWindowFailsThatStepOnlyAndResumeFinishes() throws Exception {
        run = startRun();
        ManagedServer server = serverInMeasuredWindow();
        server.kill();

        CliRun.Result r = run.get(RUN_DEADLINE);
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.RUN_FAILED);
        Path dir = Suites.resultDir(out).orElseThrow();
        SuiteRecord suite = Suites.suite(dir);
        SuiteRecord.Entry victim = Suites.entry(suite, "victim");
        assertThat(victim.status()).isEqualTo(StepStatus.FAILED);
        assertThat(victim.reason()).contains("server stopped during the run");
        assertThat(dir.resolve(victim.dir()).resolve("server-log-tail.txt")).isRegularFile();
        assertThat(Suites.entry(suite, "after").status()).isEqualTo(StepStatus.DONE);
        assertThat(suite.status()).isEqualTo("failed");
        assertThat(Scratch.postgresProcessesUnder(work)).isEmpty();

        CliRun.Result resumed = CliRun.execute("run", Suites.experiment("two-steps.yaml").toString(),
                "--resume", dir.toString(), "--work-dir", work.toString());
        assertThat(resumed.exitCode()).as(resumed.err()).isEqualTo(Main.OK);
        SuiteRecord finished = Suites.suite(dir);
        assertThat(finished.status()).isEqualTo("done");
        assertThat(finished.steps()).extracting(SuiteRecord.Entry::status).containsOnly(StepStatus.DONE);
        assertThat(Scratch.postgresProcessesUnder(work)).isEmpty();
    }

    @Test
    void terminatedWorkloadSessionsReconnectAndTheStepCompletes() throws Exception {
        run = startRun("--steps", "victim");
        ManagedServer server = serverInMeasuredWindow();
        int terminated;
        try (Connection c = server.connection().connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity "
                     + "WHERE application_name = 'pgknobs' AND pid <> pg_backend_pid() AND datname <> 'postgres'")) {
            rs.next();
            terminated = rs.getInt(1);
        }
        CliRun.Result r = run.get(RUN_DEADLINE);

        assertThat(terminated).as("sessions terminated").isPositive();
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.OK);
        Path dir = Suites.resultDir(out).orElseThrow();
        SuiteRecord.Entry victim = Suites.entry(Suites.suite(dir), "victim");
        assertThat(victim.status()).isEqualTo(StepStatus.DONE);
        StepResult result = Suites.step(dir, victim);
        assertThat(result.workload().headline().goodput()).isPositive();
        Map<String, Object> details = result.workload().headline().details();
        @SuppressWarnings("unchecked")
        Map<String, Object> byState = (Map<String, Object>) details.get("errors_by_sqlstate");
        assertThat(byState).as("the terminations are counted as errors").containsKey("57P01");
        // Every terminal that lost its session opened exactly one new one (how many of the terminated
        // sessions were terminals, rather than another pgknobs session, is not for the test to guess).
        long lostSessions = byState.entrySet().stream().filter(e -> e.getKey().equals("57P01") || e.getKey().startsWith("08"))
                .mapToLong(e -> ((Number) e.getValue()).longValue()).sum();
        assertThat(((Number) details.get("reconnects")).longValue()).as("terminals that opened a new session")
                .isPositive().isEqualTo(lostSessions);
        assertThat(Scratch.postgresProcessesUnder(work)).isEmpty();
    }
}
