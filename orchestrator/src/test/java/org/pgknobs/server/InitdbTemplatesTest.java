package org.pgknobs.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.testing.TestServers;

/**
 * initdb templates: a cluster whose initdb key was seen before is a copy of that initdb's data directory
 * with its own superuser password; other options get their own template; a broken one is rebuilt.
 * Each test has its own cache directory, so a hit or a miss is this test's doing.
 */
class InitdbTemplatesTest {

    private static final List<String> NO_SYNC = List.of("--no-sync");

    @TempDir
    Path cache;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final List<ManagedServer> servers = new ArrayList<>();

    @AfterEach
    void cleanUp() {
        servers.forEach(TestServers::dispose);
    }

    @Test
    void aSecondInitdbWithTheSameKeyIsACopyThatLogsInWithItsOwnPassword() throws Exception {
        Optional<InitdbTemplates> templates = Optional.of(InitdbTemplates.in(cache, print()));
        assertThat(server("first").initdb(NO_SYNC, templates)).isEqualTo(InitdbTemplates.Source.INITDB);
        KeyedDirectories.Key key = templates.get().key(servers.get(0), NO_SYNC);
        assertThat(templates.get().dir().resolve(key.id()).resolve("data/PG_VERSION")).isRegularFile();

        ManagedServer copy = server("copy");
        assertThat(copy.initdb(NO_SYNC, templates)).isEqualTo(InitdbTemplates.Source.TEMPLATE);
        copy.start();
        // connection() logs in over TCP with scram-sha-256 and this server's password, not the template's
        assertThat(dataChecksums(copy)).isEqualTo("on");
        ConnectionInfo c = copy.connection();
        assertThatThrownBy(() -> new ConnectionInfo(c.host(), c.port(), c.database(), c.user(), "not-" + c.password()).connect())
                .isInstanceOf(SQLException.class).hasMessageContaining("password authentication failed");

        // --no-sync changes no byte of the files: a run without it is served by the same template
        assertThat(templates.get().key(copy, List.of())).isEqualTo(key);
        assertThat(server("synced").initdb(List.of(), templates)).isEqualTo(InitdbTemplates.Source.TEMPLATE);
        assertThat(out.toString(StandardCharsets.UTF_8)).as("nothing to report").isEmpty();
    }

    @Test
    void anotherInitdbOptionGetsItsOwnTemplate() throws Exception {
        Optional<InitdbTemplates> templates = Optional.of(InitdbTemplates.in(cache, print()));
        // PostgreSQL 18 turns data checksums on by default
        List<String> checksums = List.of("--no-sync", "--no-data-checksums");
        server("plain").initdb(NO_SYNC, templates);
        assertThat(server("checksums").initdb(checksums, templates)).as("not the plain template")
                .isEqualTo(InitdbTemplates.Source.INITDB);
        ManagedServer copy = server("checksums-copy");
        assertThat(copy.initdb(checksums, templates)).isEqualTo(InitdbTemplates.Source.TEMPLATE);
        copy.start();
        assertThat(dataChecksums(copy)).isEqualTo("off");
        try (var entries = Files.list(templates.get().dir())) {
            assertThat(entries.filter(p -> !p.getFileName().toString().startsWith("."))).hasSize(2);
        }
    }

    @Test
    void aBrokenTemplateIsRemovedAndRebuilt() throws Exception {
        Optional<InitdbTemplates> templates = Optional.of(InitdbTemplates.in(cache, print()));
        ManagedServer first = server("half");
        Path entry = templates.get().dir().resolve(templates.get().key(first, NO_SYNC).id());
        // half an entry (no pg_control): seen, removed, initdb runs and stores a whole one
        Files.createDirectories(entry.resolve("data"));
        Files.writeString(entry.resolve("data/PG_VERSION"), "18\n");
        Files.writeString(entry.resolve(InitdbTemplates.KEY_FILE), "postgres: ?\n");
        assertThat(first.initdb(NO_SYNC, templates)).isEqualTo(InitdbTemplates.Source.INITDB);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("ignoring the broken entry " + entry)
                .contains("it has no data/global/pg_control");
        assertThat(entry.resolve("data/global/pg_control")).isRegularFile();

        // a damaged one (pg_control emptied): its copy cannot take the password, so it goes too
        Files.write(entry.resolve("data/global/pg_control"), new byte[0]);
        assertThat(server("damaged").initdb(NO_SYNC, templates)).isEqualTo(InitdbTemplates.Source.INITDB);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("its copy failed");
        assertThat(Files.size(entry.resolve("data/global/pg_control"))).as("rebuilt").isPositive();

        ManagedServer copy = server("rebuilt");
        assertThat(copy.initdb(NO_SYNC, templates)).isEqualTo(InitdbTemplates.Source.TEMPLATE);
        copy.start();
        assertThat(dataChecksums(copy)).isEqualTo("on");
    }

    private ManagedServer server(String label) {
        ManagedServer s = ManagedServer.create(TestServers.embeddedBinaries(), TestServers.runAs(),
                Workspace.newInstanceDir(Workspace.defaultWorkDir().resolve("tests"), "tpl-" + label));
        servers.add(s);
        return s;
    }

    private PrintStream print() {
        return new PrintStream(out, true, StandardCharsets.UTF_8);
    }

    private static String dataChecksums(ManagedServer server) throws SQLException {
        try (Connection c = server.connection().connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT setting FROM pg_settings WHERE name = 'data_checksums'")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
