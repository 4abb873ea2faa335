package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.pgknobs.server.Workspace;

class ServerCommandTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private PrintStream oldOut;
    private Path workDir;

    @BeforeEach
    void setUp() throws Exception {
        oldOut = System.out;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        workDir = Workspace.defaultWorkDir().resolve("tests").resolve("server-cli-" + System.nanoTime());
        Files.createDirectories(workDir);
    }

    @AfterEach
    void tearDown() {
        Main.execute("server", "stop", "--work-dir", workDir.toString());
        System.setOut(oldOut);
        Workspace.delete(workDir);
    }

    private String lastOutput() {
        String s = out.toString(StandardCharsets.UTF_8);
        out.reset();
        oldOut.print(s);
        return s;
    }

    @Test
    void startPrintsAUsableJdbcUrlAndPasswordRecipeStatusAndStopFindTheSameServer() throws Exception {
        assertThat(Main.execute("server", "status", "--work-dir", workDir.toString())).isEqualTo(1);
        assertThat(lastOutput()).contains("not running");

        assertThat(Main.execute("server", "start", "--work-dir", workDir.toString())).isEqualTo(0);
        String started = lastOutput();
        Matcher url = Pattern.compile("url: (jdbc:postgresql://127\\.0\\.0\\.1:\\d+/postgres)").matcher(started);
        assertThat(url.find()).as(started).isTrue();
        Matcher file = Pattern.compile("s/\\^password=//p' (\\S+)\\)").matcher(started);
        assertThat(file.find()).as(started).isTrue();
        String password = Files.readAllLines(Path.of(file.group(1))).stream()
                .filter(l -> l.startsWith("password=")).findFirst().orElseThrow().substring("password=".length());
        Properties props = new Properties();
        props.setProperty("user", "postgres");
        props.setProperty("password", password);
        try (Connection c = DriverManager.getConnection(url.group(1), props)) {
            assertThat(c.isValid(5)).isTrue();
        }

        assertThat(Main.execute("server", "start", "--work-dir", workDir.toString())).isEqualTo(0);
        assertThat(lastOutput()).contains("already running").contains(url.group(1));

        assertThat(Main.execute("server", "status", "--work-dir", workDir.toString())).isEqualTo(0);
        assertThat(lastOutput()).contains("running: ").contains(url.group(1));

        assertThat(Main.execute("server", "stop", "--work-dir", workDir.toString())).isEqualTo(0);
        assertThat(lastOutput()).contains("stopped");
        assertThat(Main.execute("server", "status", "--work-dir", workDir.toString())).isEqualTo(1);
        lastOutput();
    }

    @Test
    void serverUrlIsRejectedAsBadInput() {
        assertThat(Main.execute("server", "start", "--work-dir", workDir.toString(),
                "--server-url", "jdbc:postgresql://127.0.0.1:1/postgres")).isEqualTo(2);
    }
}
