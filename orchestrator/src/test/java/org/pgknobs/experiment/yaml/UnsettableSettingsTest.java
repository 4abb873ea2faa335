package org.pgknobs.experiment.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.testing.TestServers;

/** The never-settable settings agree with a real server: ALTER SYSTEM refuses the one kind, takes the other. */
class UnsettableSettingsTest {

    private static ManagedServer server;

    @BeforeAll
    static void start() {
        server = TestServers.started("unsettable");
    }

    @AfterAll
    static void stop() {
        TestServers.dispose(server);
    }

    @Test
    void alterSystemRefusesEveryListedSettingAndAcceptsAnOrdinaryOne() throws SQLException {
        try (Connection c = server.connection().connect(); Statement s = c.createStatement()) {
            List<String> accepted = new ArrayList<>();
            for (String name : UnsettableSettings.REFUSED.keySet()) {
                try {
                    s.execute("ALTER SYSTEM SET " + name + " = 'on'");
                    accepted.add(name);
                    s.execute("ALTER SYSTEM RESET " + name);
                } catch (SQLException e) {
                    assertThat(e.getMessage()).as(name).contains("parameter \"" + name + "\" cannot be changed");
                }
            }
            assertThat(accepted).as("listed as never settable, yet ALTER SYSTEM took them").isEmpty();
            for (String name : UnsettableSettings.AUTHENTICATION_FILES.keySet()) {
                // taken, which is why validate must refuse them: the failure would come only at restart
                s.execute("ALTER SYSTEM SET " + name + " = '/nonexistent/" + name + "'");
                s.execute("ALTER SYSTEM RESET " + name);
            }
            s.execute("ALTER SYSTEM SET work_mem = '8MB'");
            s.execute("ALTER SYSTEM RESET work_mem");
        }
        assertThat(UnsettableSettings.problem("DATA_DIRECTORY")).hasValueSatisfying(p -> assertThat(p.fix()).contains("--work-dir"));
        assertThat(UnsettableSettings.problem("hba_file")).hasValueSatisfying(p -> assertThat(p.problem()).contains("log in"));
        assertThat(UnsettableSettings.problem("work_mem")).isEmpty();
    }
}
