package org.pgknobs.overlay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pgknobs.BadInputException;
import org.pgknobs.server.ExternalServer;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.Server;
import org.pgknobs.testing.TestServers;

/** A second embedded server stands in for a server pgknobs does not own, restarted through a shell command. */
class ExternalServerOverlayTest {

    private static ManagedServer target;
    private static ExternalServer external;

    @BeforeAll
    static void startTarget() throws SQLException {
        target = TestServers.started("external");
        sql("ALTER SYSTEM SET work_mem = '3MB'");
        sql("ALTER SYSTEM SET log_min_duration_statement = 250");
        sql("ALTER SYSTEM SET log_line_prefix = '%m [%p] it''s '");
        sql("ALTER SYSTEM SET \"pgknobs_test.marker\" = 'kept'");
        sql("SELECT pg_reload_conf()");
        external = new ExternalServer(target.connection(), Optional.of(restartCommand(target)), Server.DEFAULT_TIMEOUT);
    }

    @AfterAll
    static void disposeTarget() {
        TestServers.dispose(target);
    }

    /** What an operator's restart script would do: pg_ctl restart as the server's OS user. */
    static String restartCommand(ManagedServer s) {
        List<String> cmd = s.runAs().command(List.of(s.binaries().pgCtl(), "-D", s.dataDirectory().toString(),
                "-l", s.logFile().toString(), "-m", "fast", "-w", "restart"));
        return cmd.stream().map(a -> "'" + a.replace("'", "'\\''") + "'").collect(Collectors.joining(" "));
    }

    @Test
    void externalServerIsUntouchedWithoutAllowAlterSystem() throws Exception {
        String autoConfBefore = autoConf();

        assertThatThrownBy(() -> new OverlayEngine(false).apply(external, Map.of("work_mem", "64MB")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("--allow-alter-system");

        assertThat(autoConf()).isEqualTo(autoConfBefore);
        assertThat(show("work_mem")).isEqualTo("3MB");
    }

    @Test
    void capturedAutoConfIsRestoredAfterAnOverlayThatRestartedTheServer() throws Exception {
        AutoConfState before = AutoConfState.capture(external);
        assertThat(before.entries()).extracting(AutoConfState.Entry::name)
                .containsExactly("work_mem", "log_min_duration_statement", "log_line_prefix", "pgknobs_test.marker");
        Map<String, Object> overlay = new LinkedHashMap<>();
        overlay.put("shared_buffers", "16MB");
        overlay.put("work_mem", "64MB");

        OverlayResult result = new OverlayEngine(true).apply(external, overlay);
        assertThat(result.restarted()).isTrue();
        assertThat(result.allVerified()).isTrue();
        assertThat(show("log_min_duration_statement")).isEqualTo("-1");

        boolean restartedBack = before.restore(external);

        assertThat(restartedBack).isTrue();
        assertThat(show("work_mem")).isEqualTo("3MB");
        assertThat(show("log_min_duration_statement")).isEqualTo("250ms");
        assertThat(show("shared_buffers")).isEqualTo("128MB");
        assertThat(show("log_line_prefix")).isEqualTo("%m [%p] it's ");
        assertThat(show("pgknobs_test.marker")).isEqualTo("kept");
        assertThat(AutoConfState.capture(external)).isEqualTo(before);
    }

    @Test
    void restartOnlySettingIsRejectedUpFrontWhenNoRestartCommandWasGiven() throws Exception {
        ExternalServer noRestart = new ExternalServer(target.connection(), Optional.empty(), Server.DEFAULT_TIMEOUT);
        String autoConfBefore = autoConf();

        assertThatThrownBy(() -> new OverlayEngine(true).apply(noRestart, Map.of("shared_buffers", "16MB", "work_mem", "5MB")))
                .isInstanceOf(OverlayRejectedException.class)
                .hasMessageContaining("shared_buffers: takes effect only after a server restart")
                .hasMessageContaining("--restart-cmd");

        assertThat(autoConf()).isEqualTo(autoConfBefore);
        assertThat(show("work_mem")).isEqualTo("3MB");
    }

    private static String autoConf() throws Exception {
        return Files.readString(target.dataDirectory().resolve("postgresql.auto.conf"));
    }

    static void sql(String sql) throws SQLException {
        try (Connection c = target.connection().connect(); Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    private static String show(String name) throws SQLException {
        try (Connection c = target.connection().connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SHOW " + name)) {
            rs.next();
            return rs.getString(1);
        }
    }

    static Path dataDir() {
        return target.dataDirectory();
    }
}
