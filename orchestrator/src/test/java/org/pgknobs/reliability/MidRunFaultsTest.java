package org.pgknobs.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.pgknobs.cli.Main;
import org.pgknobs.run.StepResult;
import org.pgknobs.run.StepStatus;
import org.pgknobs.run.SuiteRecord;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.testing.CliRun;
import org.pgknobs.testing.TestServers;

/**
 * Faults from outside while the first step's window is being measured: the postmaster killed with
 * SIGKILL, and the workload's sessions killed with pg_terminate_backend. The run goes on in a thread;
 * the test finds the step's server in the work dir and strikes once the measured window has begun.
 */
class MidRunFaultsTest {

    private Scratch scratch;
    private Path out;
    private Path work;

    @BeforeEach
    void setUp() {
        scratch = Scratch.create("mid");
        out = scratch.dir("out");
        work = scratch.dir("work");
    }

    @AfterEach
    void tearDown() {
        scratch.close();
    }

    private CompletableFuture<CliRun.Result> startRun(String... extra) {
        String[] args = new String[4 + 2 + extra.length];
        System.arraycopy(new String[] {"run", Suites.experiment("two-steps.yaml").toString(), "--out", out.toString(),
                "--work-dir", work.toString()}, 0, args, 0, 6);
        System.arraycopy(extra, 0, args, 6, extra.length);
        return CompletableFuture.supplyAsync(() -> CliRun.execute(args));
    }

    /** The victim step's server, once its settings are applied and the measured window (after 1 s warm-up) is on. */
    private ManagedServer serverInMeasuredWindow() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            boolean applied = Suites.resultDir(out).map(d -> Files.exists(d.resolve("steps/01-victim/settings.json"))).orElse(false);
            if (applied) {
                Suites.sleep(2500);
                Path instance = Suites.instances(work).get(0);
                return ManagedServer.find(TestServers.embeddedBinaries(), TestServers.runAs(), instance).orElseThrow();
            }
            Suites.sleep(100);
        }
        throw new AssertionError("the victim step never started");
    }

    @Test
    void postmasterKilledMidWindowFailsThatStepOnlyAndResumeFinishes() throws Exception {
        CompletableFuture<CliRun.Result> run = startRun();
        ManagedServer server = serverInMeasuredWindow();
        server.kill();

        CliRun.Result r = run.get(180, TimeUnit.SECONDS);
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
        CompletableFuture<CliRun.Result> run = startRun("--steps", "victim");
        ManagedServer server = serverInMeasuredWindow();
        int terminated;
        int reconnected;
        try (Connection c = server.connection().connect(); Statement st = c.createStatement()) {
            java.sql.Timestamp before;
            try (ResultSet rs = st.executeQuery("SELECT clock_timestamp()")) {
                rs.next();
                before = rs.getTimestamp(1);
            }
            try (ResultSet rs = st.executeQuery("SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity "
                    + "WHERE application_name = 'pgknobs' AND pid <> pg_backend_pid() AND datname <> 'postgres'")) {
                rs.next();
                terminated = rs.getInt(1);
            }
            // Sessions started after the termination are the terminals' new ones; give them a few seconds.
            reconnected = 0;
            long deadline = System.nanoTime() + 5_000_000_000L;
            try (java.sql.PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM pg_stat_activity "
                    + "WHERE application_name = 'pgknobs' AND pid <> pg_backend_pid() AND datname <> 'postgres' "
                    + "AND backend_start > ?")) {
                ps.setTimestamp(1, before);
                while (reconnected < 2 && System.nanoTime() < deadline) {
                    Suites.sleep(250);
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        reconnected = rs.getInt(1);
                    }
                }
            }
        }
        CliRun.Result r = run.get(180, TimeUnit.SECONDS);

        assertThat(terminated).as("terminal sessions terminated").isGreaterThanOrEqualTo(2);
        assertThat(reconnected).as("terminals with a new session").isGreaterThanOrEqualTo(2);
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.OK);
        Path dir = Suites.resultDir(out).orElseThrow();
        SuiteRecord.Entry victim = Suites.entry(Suites.suite(dir), "victim");
        assertThat(victim.status()).isEqualTo(StepStatus.DONE);
        StepResult result = Suites.step(dir, victim);
        assertThat(result.workload().headline().goodput()).isPositive();
        @SuppressWarnings("unchecked")
        Map<String, Object> byState = (Map<String, Object>) result.workload().headline().details().get("errors_by_sqlstate");
        assertThat(byState).as("the terminations are counted as errors").containsKey("57P01");
        assertThat(Scratch.postgresProcessesUnder(work)).isEmpty();
    }
}
