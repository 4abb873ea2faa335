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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.testing.TestServers;

/**
 * initdb templates: a cluster whose initdb key was seen before is a copy of that initdb's data directory
 * with its own superuser password; other options get their own template; a broken one is rebuilt. The
 * class builds one template of the default options in a cache of its own (so every hit and miss is this
 * class's doing); each test that breaks a template breaks a copy of it in its own cache.
 */
class InitdbTemplatesTest {

    private static final List<String> NO_SYNC = List.of("--no-sync");

    @TempDir
    static Path shared;
    private static ManagedServer built;

    @TempDir
    Path cache;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final List<ManagedServer> servers = new ArrayList<>();

    @BeforeAll
    static void buildTheDefaultTemplate() {
        built = ManagedServer.create(TestServers.embeddedBinaries(), TestServers.runAs(),
                Workspace.newInstanceDir(Workspace.defaultWorkDir().resolve("tests"), "tpl-built"));
        assertThat(built.initdb(NO_SYNC, Optional.of(InitdbTemplates.in(shared, System.err))))
                .as("an empty cache").isEqualTo(InitdbTemplates.Source.INITDB);
    }

    @AfterAll
    static void disposeTheBuilder() {
        TestServers.dispose(built);
    }

    @AfterEach
    void cleanUp() {
        servers.forEach(TestServers::dispose);
    }

    @Test
    void aSecondInitdbWithTheSameKeyIsACopyThatLogsInWithItsOwnPassword() throws Exception {
        Optional<InitdbTemplates> templates = Optional.of(InitdbTemplates.in(shared, print()));
        KeyedDirectories.Key key = templates.get().key(built, NO_SYNC);
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
        Optional<InitdbTemplates> templates = Optional.of(InitdbTemplates.in(shared, print()));
        // PostgreSQL 18 turns data checksums on by default (the default template: on)
        List<String> noChecksums = List.of("--no-sync", "--no-data-checksums");
        assertThat(server("no-checksums").initdb(noChecksums, templates)).as("not the default template")
                .isEqualTo(InitdbTemplates.Source.INITDB);
        ManagedServer copy = server("no-checksums-copy");
        assertThat(copy.initdb(noChecksums, templates)).isEqualTo(InitdbTemplates.Source.TEMPLATE);
        copy.start();
        assertThat(dataChecksums(copy)).isEqualTo("off");
        try (var entries = Files.list(templates.get().dir())) {
            assertThat(entries.filter(p -> !p.getFileName().toString().startsWith("."))).hasSize(2);
        }
    }

    @Test
    void aDamagedTemplateIsRemovedAndRebuilt() throws Exception {
        Optional<InitdbTemplates> templates = Optional.of(InitdbTemplates.in(cache, print()));
        Path entry = templates.get().dir().resolve(templates.get().key(built, NO_SYNC).id());
        Files.createDirectories(entry.getParent());
        Workspace.copyTree(InitdbTemplates.in(shared, print()).dir().resolve(entry.getFileName()), entry);
        // pg_control emptied: the copy cannot take the password, so the template goes
        Files.write(entry.resolve("data/global/pg_control"), new byte[0]);
        assertThat(server("damaged").initdb(NO_SYNC, templates)).isEqualTo(InitdbTemplates.Source.INITDB);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("ignoring the broken entry " + entry)
                .contains("its copy failed");
        assertThat(Files.size(entry.resolve("data/global/pg_control"))).as("rebuilt").isPositive();

        // served again: its copy took the password through postgres --single, which reads pg_control and pg_authid
        assertThat(server("rebuilt").initdb(NO_SYNC, templates)).isEqualTo(InitdbTemplates.Source.TEMPLATE);
    }

    @Test
    void halfATemplateIsRemovedAndRebuilt() throws Exception {
        Optional<InitdbTemplates> templates = Optional.of(InitdbTemplates.in(cache, print()));
        ManagedServer server = server("half");
        Path entry = templates.get().dir().resolve(templates.get().key(server, NO_SYNC).id());
        Files.createDirectories(entry.resolve("data"));
        Files.writeString(entry.resolve("data/PG_VERSION"), "18\n");
        Files.writeString(entry.resolve(InitdbTemplates.KEY_FILE), "postgres: ?\n");
        assertThat(server.initdb(NO_SYNC, templates)).isEqualTo(InitdbTemplates.Source.INITDB);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("ignoring the broken entry " + entry)
                .contains("it has no data/global/pg_control");
        assertThat(entry.resolve("data/global/pg_control")).as("rebuilt").isRegularFile();
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
