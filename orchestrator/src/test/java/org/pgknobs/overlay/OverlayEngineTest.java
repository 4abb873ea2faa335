package org.pgknobs.overlay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pgknobs.results.AppliedSetting;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.testing.TestServers;

class OverlayEngineTest {

    private static ManagedServer server;
    private final OverlayEngine engine = new OverlayEngine(false);

    @BeforeAll
    static void startServer() {
        server = TestServers.started("overlay-engine");
    }

    @AfterAll
    static void disposeServer() {
        TestServers.dispose(server);
    }

    static Path repoRoot() {
        return Path.of(System.getProperty("pgknobs.repo.root", ".."));
    }

    @Test
    void appliesAllThirtyTwoArticleSettingsAndVerifiesEachWithOneRestart() throws Exception {
        SettingsFile file = SettingsFile.load(repoRoot().resolve("experiments/settings/article-32.yaml"));
        Object startedBefore = query("SELECT pg_postmaster_start_time()");

        OverlayResult result = engine.apply(server, file.settings());

        assertThat(result.settings()).hasSize(32).allMatch(AppliedSetting::verified);
        assertThat(result.restarted()).isTrue();
        assertThat(query("SELECT pg_postmaster_start_time()")).isNotEqualTo(startedBefore);
        assertThat(result.settings()).filteredOn(s -> s.name().equals("shared_buffers"))
                .singleElement().satisfies(s -> {
                    assertThat(s.effective()).isEqualTo("1024");
                    assertThat(s.unit()).isEqualTo("8kB");
                    assertThat(s.restartRequired()).isTrue();
                    assertThat(s.source()).isEqualTo("configuration file");
                });
        assertThat(result.settings()).filteredOn(s -> s.name().equals("random_page_cost"))
                .singleElement().satisfies(s -> assertThat(s.effective()).isEqualTo("1e+300"));
        assertThat(query("SHOW log_destination")).isEqualTo("stderr,jsonlog");
        assertThat(query("SHOW wal_level")).isEqualTo("logical");
        assertThat(SettingsReport.table(result)).contains("32 of 32 settings verified; server restarted");
    }

    @Test
    void sighupOnlyOverlayDoesNotRestartTheServer() throws Exception {
        engine.apply(server, Map.of());
        Object startedBefore = query("SELECT pg_postmaster_start_time()");

        OverlayResult result = engine.apply(server, ordered("work_mem", "8MB", "autovacuum_naptime", 5,
                "checkpoint_completion_target", 0.5, "jit", false));

        assertThat(result.restarted()).isFalse();
        assertThat(result.settings()).allMatch(AppliedSetting::verified).noneMatch(AppliedSetting::restartRequired);
        assertThat(query("SELECT pg_postmaster_start_time()")).isEqualTo(startedBefore);
        assertThat(query("SHOW work_mem")).isEqualTo("8MB");
        assertThat(query("SHOW jit")).isEqualTo("off");
    }

    @Test
    void resetAllBetweenOverlaysLeavesNoResidueOfTheEarlierOne() throws Exception {
        engine.apply(server, ordered("work_mem", "8MB", "random_page_cost", 2, "wal_level", "logical"));
        engine.apply(server, ordered("autovacuum_naptime", "7s"));

        assertThat(autoConfNames()).containsExactly("autovacuum_naptime");
        assertThat(query("SELECT source FROM pg_settings WHERE name = 'work_mem'")).isEqualTo("default");
        assertThat(query("SELECT source FROM pg_settings WHERE name = 'random_page_cost'")).isEqualTo("default");
        assertThat(query("SELECT setting = boot_val FROM pg_settings WHERE name = 'wal_level'")).isEqualTo(true);
        assertThat(query("SELECT pending_restart FROM pg_settings WHERE name = 'wal_level'")).isEqualTo(false);
    }

    @Test
    void rejectsLz4UnknownNameAndBadUnitTogetherAndChangesNothing() throws Exception {
        engine.apply(server, ordered("work_mem", "1MB"));
        Path autoConf = server.dataDirectory().resolve("postgresql.auto.conf");
        String autoConfBefore = Files.readString(autoConf);
        Object startedBefore = query("SELECT pg_postmaster_start_time()");

        assertThatThrownBy(() -> engine.apply(server, ordered("work_mem", "2MB", "wal_compression", "lz4",
                "autovacuum_scale_factor", 0.1, "maintenance_work_mem", "8XB")))
                .isInstanceOf(OverlayRejectedException.class)
                .isInstanceOf(org.pgknobs.BadInputException.class)
                .satisfies(e -> assertThat(((OverlayRejectedException) e).problems()).extracting(Problem::name)
                        .containsExactly("wal_compression", "autovacuum_scale_factor", "maintenance_work_mem"))
                .hasMessageContaining("did you mean autovacuum_vacuum_scale_factor?")
                .hasMessageContaining("accepted values: pglz")
                .hasMessageContaining("built without it (configure --with-lz4)")
                .hasMessageContaining("--pg-bin")
                .hasMessageContaining("Valid units for this parameter are \"B\", \"kB\", \"MB\", \"GB\", and \"TB\"");

        assertThat(Files.readString(autoConf)).isEqualTo(autoConfBefore);
        assertThat(query("SELECT pg_postmaster_start_time()")).isEqualTo(startedBefore);
        assertThat(query("SHOW work_mem")).isEqualTo("1MB");
    }

    @Test
    void rejectsValuesOutsideMinMaxAfterUnitConversion() {
        assertThatThrownBy(() -> engine.apply(server, ordered("shared_buffers", "64kB", "io_workers", 1000)))
                .isInstanceOf(OverlayRejectedException.class)
                .hasMessageContaining("64kB is outside the valid range for parameter \"shared_buffers\" (16 8kB")
                .hasMessageContaining("as given it is 8 8kB")
                .hasMessageContaining("io_workers");
    }

    @Test
    void settingsFixedOnThePostgresCommandLineAreRejectedBecauseAlterSystemCannotWin() {
        assertThatThrownBy(() -> engine.apply(server, ordered("listen_addresses", "*")))
                .isInstanceOf(OverlayRejectedException.class)
                .hasMessageContaining("listen_addresses: is set on the postgres command line (127.0.0.1)");
    }

    @Test
    void aCancelledEngineSendsNoFurtherAlterSystem() throws Exception {
        engine.apply(server, ordered("work_mem", "1MB"));
        String autoConfBefore = Files.readString(server.dataDirectory().resolve("postgresql.auto.conf"));
        OverlayEngine cancelled = new OverlayEngine(false);
        cancelled.cancel();

        assertThatThrownBy(() -> cancelled.apply(server, ordered("work_mem", "2MB")))
                .isInstanceOf(OverlayException.class).hasMessageContaining("cancelled");
        assertThat(Files.readString(server.dataDirectory().resolve("postgresql.auto.conf"))).isEqualTo(autoConfBefore);
    }

    @Test
    void quotesValuesAsDataSoSqlInAValueIsNeverExecuted() throws Exception {
        String hostile = "%m [%p] it's; DROP TABLE victim; -- ";
        query("CREATE TABLE IF NOT EXISTS victim ()");
        OverlayResult result = engine.apply(server, ordered("log_line_prefix", hostile));
        assertThat(result.allVerified()).isTrue();
        assertThat(query("SHOW log_line_prefix")).isEqualTo(hostile);
        assertThat(query("SELECT count(*) FROM pg_class WHERE relname = 'victim'")).isEqualTo(1L);
    }

    /** Differential check of the normalizer: what PostgreSQL itself makes of each spelling, via set_config. */
    @Test
    void normalizerAgreesWithPostgresOnUnitsRoundingAndSpellings() throws Exception {
        SettingsCatalog catalog;
        try (Connection c = server.connection().connect()) {
            catalog = SettingsCatalog.read(c);
        }
        List<List<String>> cases = List.of(
                List.of("work_mem", "64.5kB"), List.of("work_mem", "65.5kB"), List.of("work_mem", "8 MB"),
                List.of("work_mem", "1.5MB"), List.of("work_mem", "0x100"), List.of("work_mem", "1e3"),
                List.of("temp_buffers", "804kB"), List.of("temp_buffers", "812kB"), List.of("temp_buffers", "1GB"),
                List.of("lock_timeout", "1.5s"), List.of("lock_timeout", "2min"), List.of("lock_timeout", "1500us"),
                List.of("lock_timeout", "0.5d"), List.of("random_page_cost", "1e300"), List.of("random_page_cost", "0.123456789"),
                List.of("vacuum_cost_delay", "1500us"), List.of("vacuum_cost_delay", "0.05s"), List.of("vacuum_cost_delay", "2.5"),
                List.of("enable_seqscan", "Of"), List.of("enable_seqscan", "YES"), List.of("synchronous_commit", "true"),
                List.of("wal_compression", "on"), List.of("wal_compression", "YES"), List.of("wal_compression", "false"),
                List.of("log_min_duration_statement", "-1"), List.of("search_path", "public, pg_catalog"));
        for (List<String> kase : cases) {
            String name = kase.get(0);
            String value = kase.get(1);
            Setting afterSet;
            try (Connection c = server.connection().connect()) {
                try (var ps = c.prepareStatement("SELECT set_config(?, ?, false)")) {
                    ps.setString(1, name);
                    ps.setString(2, value);
                    ps.execute();
                }
                afterSet = SettingsCatalog.read(c).get(name);
            }
            assertThat(SettingValue.parse(catalog.get(name), value).matches(SettingValue.effective(afterSet)))
                    .as("%s = '%s': PostgreSQL shows %s", name, value, afterSet.displayValue()).isTrue();
        }
    }

    private static Map<String, Object> ordered(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    private static List<String> autoConfNames() throws SQLException {
        try (Connection c = server.connection().connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT name FROM pg_file_settings WHERE sourcefile LIKE '%postgresql.auto.conf' ORDER BY seqno")) {
            List<String> names = new ArrayList<>();
            while (rs.next()) {
                names.add(rs.getString(1));
            }
            return names;
        }
    }

    private static Object query(String sql) throws SQLException {
        try (Connection c = server.connection().connect(); Statement st = c.createStatement()) {
            if (!st.execute(sql)) {
                return null;
            }
            try (ResultSet rs = st.getResultSet()) {
                rs.next();
                return rs.getObject(1);
            }
        }
    }
}
