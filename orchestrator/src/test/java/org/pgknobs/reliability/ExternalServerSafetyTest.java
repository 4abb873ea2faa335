package org.pgknobs.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pgknobs.cli.Main;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.server.ExternalServer;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.ServerException;
import org.pgknobs.testing.CliRun;
import org.pgknobs.testing.TestServers;

/**
 * A server pgknobs does not own (a second embedded server plays it, reached only by URL, password in
 * PGPASSWORD, restarted by a user's script): no ALTER SYSTEM without --allow-alter-system, and its
 * postgresql.auto.conf is handed back as it was after a normal end, a failure and a signal.
 * The same runs prove that the password is in no file a run writes. The full run and the signalled one are child
 * JVMs with PGPASSWORD in their environment (a signal needs a process of its own, and the password must reach the
 * run as a user passes it); the refusal and the failing restart run in this JVM, the password from a pgpass file,
 * sparing two JVM starts and their JIT.
 */
class ExternalServerSafetyTest {

    private static ManagedServer external;
    private static Scratch scratch;
    private static Path restartScript;
    private static List<String> originalAutoConf;

    @BeforeAll
    static void startTheExternalServer() throws Exception {
        scratch = Scratch.create("ext");
        external = TestServers.started("rel-external");
        try (Connection c = external.connection().connect(); Statement st = c.createStatement()) {
            // the user's own earlier ALTER SYSTEM: must survive every run
            st.execute("ALTER SYSTEM SET work_mem = '5MB'");
            st.execute("ALTER SYSTEM SET log_min_duration_statement = '2s'");
            st.execute("SELECT pg_reload_conf()");
        }
        originalAutoConf = autoConf();
        restartScript = scratch.root().resolve("restart.sh");
        List<String> restart = TestServers.runAs().command(List.of(external.binaries().pgCtl(), "-D",
                external.dataDirectory().toString(), "-l", external.logFile().toString(), "-w", "-m", "fast", "restart"));
        Files.writeString(restartScript, "#!/bin/sh\nexec " + String.join(" ", restart.stream().map(w -> "'" + w + "'").toList()) + "\n");
        Files.setPosixFilePermissions(restartScript, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @AfterAll
    static void stop() {
        TestServers.dispose(external);
        scratch.close();
    }

    /** The settings lines of postgresql.auto.conf, as the file holds them. */
    private static List<String> autoConf() throws IOException {
        return Files.readAllLines(external.dataDirectory().resolve("postgresql.auto.conf")).stream()
                .filter(l -> !l.startsWith("#") && !l.isBlank()).toList();
    }

    private static String[] args(String name, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", Suites.experiment("external.yaml").toString(),
                "--server-url", "jdbc:postgresql://127.0.0.1:" + external.port() + "/postgres",
                "--out", scratch.dir(name).toString()));
        args.addAll(List.of(extra));
        return args.toArray(String[]::new);
    }

    private static ChildRun run(String name, String... extra) {
        return ChildRun.start(scratch.root().resolve(name + ".log"), Map.of("PGPASSWORD", external.connection().password()),
                args(name, extra));
    }

    /** The run in this JVM; pgjdbc reads the password from a pgpass file (an in-process run cannot set PGPASSWORD). */
    private static CliRun.Result runHere(String name, String... extra) throws IOException {
        Path pgpass = scratch.root().resolve("pgpass");
        Files.writeString(pgpass, "127.0.0.1:" + external.port() + ":*:" + external.connection().user() + ":"
                + external.connection().password() + "\n");
        System.setProperty("org.postgresql.pgpassfile", pgpass.toString());
        try {
            return CliRun.execute(args(name, extra));
        } finally {
            System.clearProperty("org.postgresql.pgpassfile");
        }
    }

    @Test
    void withoutAllowAlterSystemNothingIsChangedAndNoResultIsWritten() throws Exception {
        CliRun.Result run = runHere("refused", "--restart-cmd", restartScript.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(Main.BAD_INPUT);
        assertThat(run.out() + run.err()).contains("refusing to change the configuration", "--allow-alter-system");
        assertThat(autoConf()).isEqualTo(originalAutoConf);
        assertThat(Scratch.entries(scratch.root().resolve("refused"))).isEmpty();
    }

    @Test
    void aFullRunRestoresAutoConfAndNoFileItWroteHoldsThePassword() throws Exception {
        ChildRun run = run("full", "--allow-alter-system", "--restart-cmd", restartScript.toString());
        assertThat(run.waitFor(240)).as(run.output()).isEqualTo(Main.OK);
        Path dir = Suites.resultDir(scratch.root().resolve("full")).orElseThrow();
        SuiteRecord suite = Suites.suite(dir);
        assertThat(suite.steps()).extracting(SuiteRecord.Entry::status).containsOnly(StepStatus.DONE);
        assertThat(Suites.step(dir, Suites.entry(suite, "bigger-cache")).settings().restarted()).isTrue();
        assertThat(autoConf()).isEqualTo(originalAutoConf);
        assertThat(external.isRunning()).as("an external server is not ours to stop").isTrue();

        String password = external.connection().password();
        List<Path> files = Scratch.files(dir);
        assertThat(files).hasSizeGreaterThan(5);
        for (Path f : files) {
            assertThat(new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1)).as(f.toString())
                    .doesNotContain(password);
        }
        assertThat(run.output()).doesNotContain(password);
    }

    @Test
    void aFailingRestartCommandFailsTheStepWithItsOutputAndTheServerIsRestored() throws Exception {
        Path failing = scratch.root().resolve("failing-restart.sh");
        Files.writeString(failing, "#!/bin/sh\necho 'systemd says: unit postgresql is masked' >&2\nexit 3\n");
        Files.setPosixFilePermissions(failing, PosixFilePermissions.fromString("rwxr-xr-x"));
        CliRun.Result run = runHere("failing", "--allow-alter-system", "--restart-cmd", failing.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(Main.RUN_FAILED);
        Path dir = Suites.resultDir(scratch.root().resolve("failing")).orElseThrow();
        SuiteRecord suite = Suites.suite(dir);
        SuiteRecord.Entry cache = Suites.entry(suite, "bigger-cache");
        assertThat(cache.status()).isEqualTo(StepStatus.FAILED);
        assertThat(cache.reason()).contains("restart command failed (exit 3)", "unit postgresql is masked");
        SuiteRecord.Entry next = Suites.entry(suite, "more-work-mem");
        assertThat(next.status()).as(next.reason()).isEqualTo(StepStatus.DONE);
        assertThat(autoConf()).isEqualTo(originalAutoConf);
    }

    /**
     * SIGINT only: both signals end the JVM through the one shutdown hook (run.SuiteInterruption) that restores
     * postgresql.auto.conf, and SignalsTest sends each of them to a run and checks its exit code and the hook's
     * work, so a SIGTERM here would repeat a path already covered at the cost of another child run.
     */
    @Test
    void aSignalMidRunRestoresAutoConf() throws Exception {
        ChildRun run = run("sigINT", "--allow-alter-system", "--restart-cmd", restartScript.toString());
        run.awaitOutput("measuring tpcc", 180);
        assertThat(autoConf()).as("the step's settings are applied").isNotEqualTo(originalAutoConf);
        run.signal("INT");
        assertThat(run.waitFor(120)).as(run.output()).isEqualTo(Main.INTERRUPTED);
        assertThat(autoConf()).isEqualTo(originalAutoConf);
        assertThat(Suites.suite(Suites.resultDir(scratch.root().resolve("sigINT")).orElseThrow()).progress().status())
                .isEqualTo("interrupted");
        assertThat(external.isRunning()).isTrue();
        try (Connection c = external.connection().connect(); Statement st = c.createStatement();
             var rs = st.executeQuery("SELECT count(*) FROM pg_settings WHERE pending_restart")) {
            rs.next();
            assertThat(rs.getInt(1)).as("nothing left pending a restart").isZero();
        }
    }

    /**
     * The command's own child (the sleep) outlives the killed shell and holds its output open: the time-out
     * still ends the wait, not the child. 2 s: the shortest that still lets a loaded machine run the echo.
     */
    @Test
    void aRestartCommandThatHangsTimesOutWithItsOutput() {
        ExternalServer server = new ExternalServer(external.connection(),
                Optional.of("echo 'stopping postgresql...'; sleep 30"), Duration.ofSeconds(2));
        long start = System.nanoTime();
        assertThatThrownBy(server::restart).isInstanceOf(ServerException.class)
                .hasMessageContaining("timed out after 2 s").hasMessageContaining("stopping postgresql...");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).as("ended by the time-out, not by the sleep's end")
                .isLessThan(Duration.ofSeconds(20));
    }

}
