package org.pgknobs.overlay;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.pgknobs.server.Server;

/**
 * The ALTER SYSTEM primitives shared by the engine and the restore of a captured state. Statements are
 * built by the server itself (quote_ident / quote_literal), so no text from a YAML file ever becomes SQL.
 */
public final class AlterSystem {

    /**
     * Parameters flagged GUC_LIST_QUOTE in guc_tables.c: ALTER SYSTEM quotes a single literal as ONE
     * element ('a,b' becomes "a,b"), so their lists must be passed as one literal per element.
     */
    private static final Set<String> LIST_QUOTE = Set.of("search_path", "shared_preload_libraries",
            "local_preload_libraries", "session_preload_libraries", "temp_tablespaces", "oauth_validator_libraries");

    private static final Duration RELOAD_TIMEOUT = Duration.ofSeconds(30);

    private AlterSystem() {
    }

    static void resetAll(Connection c) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute("ALTER SYSTEM RESET ALL");
        }
    }

    /** {@code name} must be a catalog name; {@code value} is passed as data and quoted by the server. */
    public static void set(Connection c, String name, String value) throws SQLException {
        List<String> elements = LIST_QUOTE.contains(name) && value.contains(",")
                ? Arrays.stream(value.split(",")).map(String::strip).map(AlterSystem::unquote).toList()
                : List.of(value);
        String sql;
        try (PreparedStatement ps = c.prepareStatement("SELECT 'ALTER SYSTEM SET ' || quote_ident(?) || ' = ' "
                + "|| string_agg(quote_literal(x), ', ' ORDER BY o) FROM unnest(?::text[]) WITH ORDINALITY AS t(x, o)")) {
            ps.setString(1, name);
            ps.setArray(2, c.createArrayOf("text", elements.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                sql = rs.getString(1);
            }
        }
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    private static String unquote(String s) {
        return s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"") ? s.substring(1, s.length() - 1) : s;
    }

    /**
     * Sends SIGHUP and waits until the postmaster has re-read the files: a new backend (forked from it)
     * then reports a newer pg_conf_load_time().
     */
    static void reload(Server server) throws SQLException {
        Timestamp before;
        try (Connection c = server.connection().connect(); Statement st = c.createStatement()) {
            before = loadTime(st);
            st.execute("SELECT pg_reload_conf()");
        }
        long deadline = System.nanoTime() + RELOAD_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            try (Connection c = server.connection().connect(); Statement st = c.createStatement()) {
                if (loadTime(st).after(before)) {
                    return;
                }
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new OverlayException("interrupted while waiting for the configuration reload");
            }
        }
        throw new OverlayException("the server did not reload its configuration within " + RELOAD_TIMEOUT.toSeconds()
                + " s after pg_reload_conf() (" + server.describe() + ")");
    }

    private static Timestamp loadTime(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT pg_conf_load_time()")) {
            rs.next();
            return rs.getTimestamp(1);
        }
    }

    static SettingsCatalog catalog(Server server) throws SQLException {
        try (Connection c = server.connection().connect()) {
            return SettingsCatalog.read(c);
        }
    }
}
