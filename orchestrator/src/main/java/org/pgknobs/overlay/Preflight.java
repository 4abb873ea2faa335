package org.pgknobs.overlay;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Checks a settings map against the running server's pg_settings before anything is changed: names
 * exist, values parse with their units, numbers fit min/max, enum values are offered by this build.
 */
public final class Preflight {

    /** Enum values that exist only when PostgreSQL was configured with a library, and the configure switch. */
    private static final Map<String, Map<String, String>> BUILD_OPTIONS = Map.of(
            "wal_compression", Map.of("lz4", "--with-lz4", "zstd", "--with-zstd"),
            "default_toast_compression", Map.of("lz4", "--with-lz4"),
            "io_method", Map.of("io_uring", "--with-liburing"),
            "ssl_library", Map.of("openssl", "--with-ssl=openssl"));

    private Preflight() {
    }

    /** Every problem of the map (empty when it may be applied). */
    public static List<Problem> check(SettingsCatalog catalog, Map<String, ?> settings) {
        List<Problem> problems = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Map.Entry<String, ?> e : settings.entrySet()) {
            String name = e.getKey();
            if (!seen.add(name.toLowerCase(Locale.ROOT))) {
                problems.add(new Problem(name, "given twice (parameter names are case-insensitive)"));
                continue;
            }
            var meta = catalog.find(name);
            if (meta.isEmpty()) {
                problems.add(new Problem(name, "unknown parameter" + catalog.closest(name)
                        .map(c -> "; did you mean " + c + "?").orElse("")));
                continue;
            }
            Setting s = meta.get();
            if ("internal".equals(s.context())) {
                problems.add(new Problem(name, "is read-only (context internal): it is fixed when the server is built or "
                        + "initdb'ed (e.g. wal_segment_size via initdb --wal-segsize), not by ALTER SYSTEM"));
                continue;
            }
            try {
                SettingValue requested = SettingValue.parse(s, e.getValue());
                if ("command line".equals(s.source()) && !requested.matches(SettingValue.effective(s))) {
                    problems.add(new Problem(name, "is set on the postgres command line (" + s.displayValue()
                            + "), which overrides ALTER SYSTEM; pgknobs sets port and listen_addresses itself for "
                            + "servers it starts"));
                }
            } catch (InvalidValueException ex) {
                String hint = buildOptionHint(s, e.getValue());
                problems.add(new Problem(name, ex.getMessage() + hint, !hint.isEmpty()));
            }
        }
        catalog.find("allow_alter_system").filter(s -> "off".equals(s.setting())).ifPresent(s ->
                problems.add(new Problem("allow_alter_system", "is off on this server, so ALTER SYSTEM is refused; "
                        + "set allow_alter_system = on in its postgresql.conf (it cannot be changed by ALTER SYSTEM)")));
        return problems;
    }

    /** Throws {@link OverlayRejectedException} listing all problems, if there are any. */
    public static void require(SettingsCatalog catalog, Map<String, ?> settings, String where) {
        List<Problem> problems = check(catalog, settings);
        if (!problems.isEmpty()) {
            throw new OverlayRejectedException("settings rejected by preflight against " + where, problems);
        }
    }

    private static String buildOptionHint(Setting s, Object raw) {
        String value = SettingValue.text(raw);
        if (value == null) {
            return "";
        }
        String option = BUILD_OPTIONS.getOrDefault(s.name(), Map.of()).get(value.toLowerCase(Locale.ROOT));
        if (option == null) {
            return "";
        }
        return ". \"" + value + "\" is a build option: this server was built without it (configure " + option
                + "). Use --pg-bin DIR with a PostgreSQL built " + option;
    }
}
