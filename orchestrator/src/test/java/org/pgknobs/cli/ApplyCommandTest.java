package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.results.SettingsRecord;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.Workspace;
import org.pgknobs.testing.TestServers;

class ApplyCommandTest {

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream oldOut;
    private PrintStream oldErr;
    private Path workDir;

    /**
     * The "external" server of both external-server tests, one for the class (one initdb and start, not two): the
     * refused apply must leave its postgresql.auto.conf as it found it, and the allowed one must give back what it
     * found, so each test holds whatever the other left.
     */
    private static ManagedServer target;

    @BeforeAll
    static void startExternal() {
        target = TestServers.started("apply-external");
    }

    @AfterAll
    static void stopExternal() {
        TestServers.dispose(target);
    }

    @BeforeEach
    void captureOutput() {
        oldOut = System.out;
        oldErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restore() {
        System.setOut(oldOut);
        System.setErr(oldErr);
        System.clearProperty("org.postgresql.pgpassfile");
        if (workDir != null) {
            Workspace.delete(workDir);
        }
    }

    private int run(String... args) {
        int code = Main.execute(args);
        oldOut.print(out.toString(StandardCharsets.UTF_8));
        oldErr.print(err.toString(StandardCharsets.UTF_8));
        return code;
    }

    /** A work dir of its own, so the test can see the throwaway instance is gone afterwards. */
    private Path workDir() throws Exception {
        workDir = Workspace.defaultWorkDir().resolve("tests").resolve("apply-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
        Files.createDirectories(workDir);
        return workDir;
    }

    @Test
    void articleSettingsPrintThirtyTwoVerifiedRowsOnAThrowawayEmbeddedServerAndExitZero() throws Exception {
        Path repo = Path.of(System.getProperty("pgknobs.repo.root", ".."));
        Path work = workDir();
        Path json = tmp.resolve("settings.json");

        int code = run("apply", "--settings", repo.resolve("experiments/settings/article-32.yaml").toString(),
                "--work-dir", work.toString(), "--json", json.toString());

        assertThat(code).as(err.toString()).isEqualTo(0);
        List<String> rows = out.toString(StandardCharsets.UTF_8).lines()
                .filter(l -> l.matches("^[a-z_]+\\s+.*\\s(yes|NO)( \\(restart\\))?$")).toList();
        assertThat(rows).hasSize(32).allMatch(l -> l.contains(" yes"));
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("32 of 32 settings verified; server restarted");
        SettingsRecord written = SettingsRecord.read(json);
        assertThat(written.settings()).hasSize(32);
        assertThat(written.restarted()).isTrue();
        try (Stream<Path> left = Files.list(work)) {
            assertThat(left.toList()).as("throwaway server deleted").isEmpty();
        }
    }

    @Test
    void unknownNameExitsTwoNamingFileLineAndClosestName() throws Exception {
        Path file = tmp.resolve("bad.yaml");
        Files.writeString(file, "work_mem: 8MB\nautovacuum_scale_factor: 0.1\n");
        Path work = workDir();

        int code = run("apply", "--settings", file.toString(), "--work-dir", work.toString());

        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains(file + ":2: autovacuum_scale_factor: unknown parameter; did you mean autovacuum_vacuum_scale_factor?");
    }

    @Test
    void malformedYamlExitsTwoWithFileAndLine() throws Exception {
        Path file = tmp.resolve("broken.yaml");
        Files.writeString(file, "work_mem: 8MB\nshared_buffers: [1, 2\n");

        assertThat(run("apply", "--settings", file.toString())).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains(file.toString() + ":");
    }

    @Test
    void externalServerWithoutAllowAlterSystemExitsTwoAndIsUntouched() throws Exception {
        Path autoConf = target.dataDirectory().resolve("postgresql.auto.conf");
        String before = Files.readString(autoConf);
        Path file = tmp.resolve("s.yaml");
        Files.writeString(file, "work_mem: 8MB\n");
        usePgpass(target);

        int code = run("apply", "--settings", file.toString(), "--server-url", target.connection().jdbcUrl());

        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--allow-alter-system");
        assertThat(Files.readString(autoConf)).isEqualTo(before);
    }

    @Test
    void externalServerIsChangedWithAllowAlterSystemAndRestoredAfterwards() throws Exception {
        sql(target, "ALTER SYSTEM SET work_mem = '3MB'");
        sql(target, "SELECT pg_reload_conf()");
        Path file = tmp.resolve("s.yaml");
        Files.writeString(file, "work_mem: 8MB\nwal_level: logical\n");
        usePgpass(target);
        String restart = target.runAs().command(List.of(target.binaries().pgCtl(), "-D", target.dataDirectory().toString(),
                        "-l", target.logFile().toString(), "-m", "fast", "-w", "restart")).stream()
                .map(a -> "'" + a + "'").collect(Collectors.joining(" "));

        int code = run("apply", "--settings", file.toString(), "--server-url", target.connection().jdbcUrl(),
                "--allow-alter-system", "--restart-cmd", restart);

        assertThat(code).as(err.toString()).isEqualTo(0);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("2 of 2 settings verified; server restarted");
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("restored postgresql.auto.conf");
        assertThat(autoConfEntries(target)).containsExactly("work_mem=3MB");
        assertThat(show(target, "wal_level")).isEqualTo("replica");
    }

    private void usePgpass(ManagedServer s) throws Exception {
        Path pgpass = tmp.resolve("pgpass");
        Files.writeString(pgpass, "127.0.0.1:" + s.port() + ":*:" + s.connection().user() + ":" + s.connection().password() + "\n");
        System.setProperty("org.postgresql.pgpassfile", pgpass.toString());
    }

    private static void sql(ManagedServer s, String sql) throws SQLException {
        try (Connection c = s.connection().connect(); Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    private static String show(ManagedServer s, String name) throws SQLException {
        try (Connection c = s.connection().connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SHOW " + name)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static List<String> autoConfEntries(ManagedServer s) throws SQLException {
        try (Connection c = s.connection().connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT name || '=' || setting FROM pg_file_settings "
                     + "WHERE sourcefile LIKE '%postgresql.auto.conf' ORDER BY seqno")) {
            List<String> out = new ArrayList<>();
            while (rs.next()) {
                out.add(rs.getString(1));
            }
            return out;
        }
    }
}
