package org.pgknobs.experiment.yaml;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Settings an experiment can never set through ALTER SYSTEM, so a file naming them could only fail at step
 * time, after the data load. Two kinds: those PostgreSQL refuses in postgresql.auto.conf ("parameter ...
 * cannot be changed": GUC_DISALLOW_IN_AUTO_FILE or GUC_DISALLOW_IN_FILE in guc_tables.c; context internal
 * is caught by the run's preflight from pg_settings, but the flags are not in pg_settings, hence this
 * list), and the authentication file locations, which ALTER SYSTEM takes but which would move the server
 * off the pg_hba.conf/pg_ident.conf pgknobs relies on to log in. UnsettableSettingsTest checks both
 * kinds against a real server.
 */
final class UnsettableSettings {

    /** ALTER SYSTEM refuses these. Name → how to get what the user wanted instead. */
    static final Map<String, String> REFUSED = Map.ofEntries(
            // GUC_DISALLOW_IN_AUTO_FILE: file locations and the ALTER SYSTEM switch itself
            Map.entry("data_directory", "pgknobs chooses the data directory; use --work-dir to say where it goes"),
            Map.entry("config_file", "a server's postgresql.conf is given on its command line (postgres -c config_file=...)"),
            Map.entry("allow_alter_system", "set it in postgresql.conf; pgknobs needs it on"),
            // GUC_DISALLOW_IN_FILE: per-session state, not configuration
            Map.entry("transaction_isolation", "use default_transaction_isolation, or workload.isolation"),
            Map.entry("transaction_read_only", "use default_transaction_read_only"),
            Map.entry("transaction_deferrable", "use default_transaction_deferrable"),
            Map.entry("session_authorization", "it is a session's user, not a server setting; remove it"),
            Map.entry("role", "it is a session's role, not a server setting; remove it"),
            Map.entry("seed", "it seeds one session's random(); remove it"));

    /** ALTER SYSTEM takes these, but a step moving them would lock pgknobs out or stop the server starting. */
    static final Map<String, String> AUTHENTICATION_FILES = Map.of(
            "hba_file", "set it in postgresql.conf of a server you start yourself (--server-url)",
            "ident_file", "set it in postgresql.conf of a server you start yourself (--server-url)");

    private UnsettableSettings() {
    }

    /** Why an experiment cannot set {@code name} (any case) and the fix, when it cannot. */
    static Optional<Problem> problem(String name) {
        String key = name.toLowerCase(Locale.ROOT);
        if (REFUSED.containsKey(key)) {
            return Optional.of(new Problem("PostgreSQL never lets ALTER SYSTEM set " + key
                    + " (\"parameter cannot be changed\"), so every step would fail", REFUSED.get(key)));
        }
        if (AUTHENTICATION_FILES.containsKey(key)) {
            return Optional.of(new Problem(key + " moves the server's authentication file away from the one in its "
                    + "data directory, which pgknobs needs to log in; a step setting it fails at restart or locks "
                    + "pgknobs out", AUTHENTICATION_FILES.get(key)));
        }
        return Optional.empty();
    }

    record Problem(String problem, String fix) {
    }
}
