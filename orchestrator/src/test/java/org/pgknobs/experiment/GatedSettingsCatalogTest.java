package org.pgknobs.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.pgknobs.server.EmbeddedBinaries;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.testing.TestServers;

/**
 * The gated list ({@link SettingGate}) agrees with PostgreSQL's own settings: pg_settings of each embedded major (16,
 * 17, 18, started side by side, one query each) is read, and every text setting whose description speaks of a command,
 * a shell, a library, a module, a program, a file, a directory or a path is either gated or listed below as allowed,
 * with the reason. A new such setting in a later release fails this test until someone decides. Only text settings
 * (vartype string) can hold a command, a library or a path; a number, a boolean or an enum cannot.
 */
class GatedSettingsCatalogTest {

    private static final Pattern MENTIONS = Pattern.compile(
            "command|shell|librar(y|ies)|module|program|file|director(y|ies)|path");

    /** Text settings whose description matches, that need no allowance, and why. */
    static final Map<String, String> ALLOWED = Map.ofEntries(
            Map.entry("temp_tablespaces", "tablespace names (\"... and sort files\"), not paths; a tablespace's directory is "
                    + "made by CREATE TABLESPACE, which an experiment cannot run"),
            Map.entry("timezone_abbreviations", "a file name under share/timezonesets; PostgreSQL refuses one with a "
                    + "directory separator"),
            Map.entry("debug_io_direct", "which kinds of file use direct I/O (data, wal, wal_init), not a path"),
            Map.entry("syslog_ident", "the program name written into syslog messages, not a program to run"),
            Map.entry("ssl_library", "internal: the TLS library the server was built with, read-only"),
            Map.entry("config_file", "refused for every experiment (UnsettableSettings)"),
            Map.entry("data_directory", "refused for every experiment (UnsettableSettings)"),
            Map.entry("hba_file", "refused for every experiment (UnsettableSettings)"),
            Map.entry("ident_file", "refused for every experiment (UnsettableSettings)"));

    /** Gated names some supported major (PgMajors.OLDEST on) has, though none of the embedded ones does. */
    static final Set<String> OLDER_MAJORS_ONLY = Set.of("stats_temp_directory");

    private record Row(String name, String context, String description) {
    }

    @Test
    void everyTextSettingThatNamesACommandLibraryOrPathIsGatedOrAllowedWithAReason() {
        List<CompletableFuture<Map<String, Row>>> reads = new ArrayList<>();
        for (int major : List.of(16, 17, 18)) {
            reads.add(CompletableFuture.supplyAsync(() -> textSettings(major)));
        }
        Map<String, Row> all = new TreeMap<>();
        List<Map<String, Row>> perMajor = reads.stream().map(CompletableFuture::join).toList();
        perMajor.forEach(all::putAll);
        assertThat(perMajor).allSatisfy(m -> assertThat(m).containsKeys("archive_command", "shared_preload_libraries"));
        assertThat(perMajor.get(2)).as("18 has the settings 18 added").containsKeys("oauth_validator_libraries",
                "extension_control_path");

        Set<String> ungated = new TreeSet<>();
        for (Row r : all.values()) {
            if (MENTIONS.matcher(r.description().toLowerCase(Locale.ROOT)).find()
                    && !SettingGate.names().containsKey(r.name()) && !ALLOWED.containsKey(r.name())) {
                ungated.add(r.name() + " (" + r.context() + "): " + r.description());
            }
        }
        assertThat(ungated).as("text settings that speak of a command, library or path: gate them in SettingGate or "
                + "list them in ALLOWED with the reason").isEmpty();

        Set<String> unknown = new TreeSet<>(SettingGate.names().keySet());
        unknown.removeAll(all.keySet());
        unknown.removeAll(OLDER_MAJORS_ONLY);
        assertThat(unknown).as("gated names no embedded major knows (a typo?)").isEmpty();
        Set<String> stale = new TreeSet<>(ALLOWED.keySet());
        stale.removeAll(all.keySet());
        assertThat(stale).as("allowed names no embedded major knows").isEmpty();
        Set<String> needless = new TreeSet<>();
        ALLOWED.keySet().stream().filter(all::containsKey)
                .filter(n -> !MENTIONS.matcher(all.get(n).description().toLowerCase(Locale.ROOT)).find()).forEach(needless::add);
        assertThat(needless).as("allowed names whose description does not need a decision").isEmpty();
    }

    /** Each gated name refuses a value pointing anywhere on the machine, whatever its kind. */
    @Test
    void everyGatedNameRefusesAnAbsolutePath() {
        for (String name : SettingGate.names().keySet()) {
            assertThat(SettingGate.check(name, "/tmp/elsewhere/x")).as(name)
                    .hasValueSatisfying(g -> assertThat(g.kind()).isEqualTo(SettingGate.names().get(name)));
        }
    }

    @Test
    void harmlessValuesOfGatedNamesPass() {
        assertThat(SettingGate.check("shared_preload_libraries", "pg_stat_statements, \"auto_explain\"")).isEmpty();
        assertThat(SettingGate.check("shared_preload_libraries", "$libdir/auto_explain")).isPresent();
        assertThat(SettingGate.check("local_preload_libraries", "../evil")).isPresent();
        assertThat(SettingGate.check("archive_command", "")).isEmpty();
        assertThat(SettingGate.check("archive_command", "true")).isPresent();
        assertThat(SettingGate.check("dynamic_library_path", "$libdir")).isEmpty();
        assertThat(SettingGate.check("dynamic_library_path", "$libdir:/opt/lib")).isPresent();
        assertThat(SettingGate.check("log_directory", "log")).isEmpty();
        assertThat(SettingGate.check("log_directory", "log/../../etc")).isPresent();
        assertThat(SettingGate.check("krb_server_keyfile", "FILE:/etc/krb5.keytab")).isPresent();
        assertThat(SettingGate.check("unix_socket_directories", "sock, @abstract")).isEmpty();
        assertThat(SettingGate.check("work_mem", "/tmp")).isEmpty();
        assertThat(SettingGate.initdbOptions(List.of("--waldir=/tmp/wal"))).isNotEmpty();
        assertThat(SettingGate.initdbOptions(List.of("--data-checksums"))).isEmpty();
    }

    private static Map<String, Row> textSettings(int major) {
        ManagedServer server = TestServers.initialized(
                EmbeddedBinaries.ensureMajor(EmbeddedBinaries.defaultCacheDir(), TestServers.runAs(), major),
                "gate" + major, List.of());
        try {
            server.start();
            Map<String, Row> out = new TreeMap<>();
            try (Connection c = server.connection().connect(); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT name, context, short_desc, coalesce(extra_desc, '') "
                         + "FROM pg_settings WHERE vartype = 'string'")) {
                while (rs.next()) {
                    out.put(rs.getString(1), new Row(rs.getString(1), rs.getString(2), rs.getString(3) + " " + rs.getString(4)));
                }
            }
            return out;
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL " + major + ": " + e.getMessage(), e);
        } finally {
            TestServers.dispose(server);
        }
    }
}
