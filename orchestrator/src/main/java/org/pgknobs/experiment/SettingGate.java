package org.pgknobs.experiment;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.pgknobs.BadInputException;

/**
 * The server settings a shared experiment file must not use unless its user allows that kind: those that run a
 * program, load code from a path, or read or write files outside the data directory (docs/security.md). An
 * experiment file is run as it is, so without this an {@code archive_command} in it would run a shell command on
 * the user's machine. Every settings map passes through {@link #check} before anything starts: the experiment
 * loader (base, steps, profiles and {@code --set}), {@code apply}'s settings file and the bench commands' {@code --set}.
 *
 * <p>The rules are by value where a value can be harmless: an empty command does nothing; a library given by a
 * bare name ({@link #BARE_NAME}: letters, digits, {@code _ - .}, no {@code /}, {@code \} or {@code $}) is loaded
 * from the server's own library directory, where only whoever installed PostgreSQL can put files (as long as
 * {@code dynamic_library_path} stays {@code $libdir}, which is itself gated); a path without a leading {@code /}
 * or {@code ~} and without a {@code ..} part is resolved inside the data directory. GatedSettingsCatalogTest
 * checks the list against pg_settings of 16, 17 and 18.
 */
public final class SettingGate {

    /** A kind of allowance: {@code --allow KIND} or {@code allow: [KIND]}. */
    public enum Kind {
        COMMANDS("commands", "this experiment runs"),
        LIBRARIES("libraries", "this experiment loads"),
        PATHS("paths", "this experiment uses outside the data directory");

        private final String word;
        private final String announcement;

        Kind(String word, String announcement) {
            this.word = word;
            this.announcement = announcement;
        }

        /** As written after {@code --allow} and in {@code allow:}. */
        public String word() {
            return word;
        }

        public static Optional<Kind> named(String word) {
            for (Kind k : values()) {
                if (k.word.equalsIgnoreCase(word.trim())) {
                    return Optional.of(k);
                }
            }
            return Optional.empty();
        }

        public static String choices() {
            return String.join(", ", java.util.Arrays.stream(values()).map(Kind::word).toList());
        }
    }

    /** A library name PostgreSQL looks up in its own library directory ($libdir). */
    public static final Pattern BARE_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]*");

    /** Settings whose value is a shell command the server runs (empty: none). */
    static final Set<String> COMMANDS = Set.of("archive_command", "restore_command", "archive_cleanup_command",
            "recovery_end_command", "ssl_passphrase_command");

    /** Settings naming libraries the server loads: comma lists, or one name. */
    static final Set<String> LIBRARY_LISTS = Set.of("shared_preload_libraries", "session_preload_libraries",
            "local_preload_libraries", "oauth_validator_libraries", "output_plugin_libraries", "archive_library",
            "jit_provider");

    /** Search paths for code, each safe only as its default macro. */
    static final Map<String, String> SEARCH_PATHS = Map.of("dynamic_library_path", "$libdir",
            "extension_control_path", "$system");

    /**
     * Files and directories the server reads or writes (a relative one is inside the data directory).
     * stats_temp_directory exists up to PostgreSQL 14 (an experiment may name majors from 13 on).
     */
    static final Set<String> PATH_SETTINGS = Set.of("log_directory", "log_filename", "external_pid_file",
            "unix_socket_directories", "ssl_cert_file", "ssl_key_file", "ssl_ca_file", "ssl_crl_file", "ssl_crl_dir",
            "ssl_dh_params_file", "krb_server_keyfile", "stats_temp_directory");

    /** One setting that needs an allowance: what it is and what it would do. */
    public record Gated(String name, String value, Kind kind, String effect) {

        /** {@code archive_command = touch /tmp/x}: the line the run prints before anything starts. */
        public String setting() {
            return name + " = " + value;
        }

        public String announcement() {
            return kind.announcement + ": " + setting();
        }

        /** Why it is refused, for an error message after the place and field. */
        public String problem() {
            return name + " " + effect + ": '" + value + "'; an experiment file runs no program, loads no code from a "
                    + "path and touches no file outside the data directory unless you grant it (docs/security.md)";
        }

        /** For settings given on the command line or in apply's file: only {@code --allow} grants them. */
        public String fix() {
            return "if you trust it, grant it: --allow " + kind.word + " on the command line; otherwise remove the setting";
        }
    }

    private SettingGate() {
    }

    /** The setting's kind and effect when it needs an allowance with this value; empty when it does not. */
    public static Optional<Gated> check(String name, Object value) {
        String key = name.toLowerCase(Locale.ROOT);
        String text = value == null ? "" : String.valueOf(value).trim();
        if (COMMANDS.contains(key)) {
            return text.isEmpty() ? Optional.empty()
                    : Optional.of(new Gated(key, text, Kind.COMMANDS, "runs a shell command on this machine as the server's OS user"));
        }
        if (LIBRARY_LISTS.contains(key)) {
            return elements(text).stream().allMatch(e -> BARE_NAME.matcher(e).matches()) ? Optional.empty()
                    : Optional.of(new Gated(key, text, Kind.LIBRARIES, "loads code into the server from a path, not "
                    + "by a bare name from the server's own library directory"));
        }
        if (SEARCH_PATHS.containsKey(key)) {
            String only = SEARCH_PATHS.get(key);
            return elements(text.replace(':', ',')).stream().allMatch(only::equals) ? Optional.empty()
                    : Optional.of(new Gated(key, text, Kind.LIBRARIES, "makes the server look for code outside "
                    + only + ", its own directory"));
        }
        if (PATH_SETTINGS.contains(key)) {
            List<String> paths = elements(key.equals("krb_server_keyfile") ? text.replaceFirst("^FILE:", "") : text);
            return paths.stream().allMatch(SettingGate::insideDataDirectory) ? Optional.empty()
                    : Optional.of(new Gated(key, text, Kind.PATHS, "makes the server read or write a file outside "
                    + "its data directory"));
        }
        return Optional.empty();
    }

    /** The gated options of an initdb options list ({@code --waldir}); {@link InitdbOptions} refuses the rest. */
    public static List<Gated> initdbOptions(List<String> options) {
        return InitdbOptions.check(options).stream().filter(f -> f instanceof InitdbOptions.GatedOption)
                .map(f -> ((InitdbOptions.GatedOption) f).gated()).toList();
    }

    /**
     * Throws {@link BadInputException} for the first setting of {@code settings} that needs an allowance not in
     * {@code allowed}; {@code where} gives a setting's place (e.g. {@code file:line}) for the message.
     */
    public static void require(Map<String, ?> settings, Set<Kind> allowed, Function<String, String> where) {
        for (Map.Entry<String, ?> e : settings.entrySet()) {
            check(e.getKey(), e.getValue()).filter(g -> !allowed.contains(g.kind())).ifPresent(g -> {
                throw new BadInputException(where.apply(e.getKey()) + ": " + g.problem() + "\n  fix: " + g.fix());
            });
        }
    }

    /** The gated settings of these maps, each name = value once, in order: what the run prints before it starts. */
    public static List<Gated> inEffect(Collection<? extends Map<String, ?>> settingsMaps) {
        Set<Gated> out = new LinkedHashSet<>();
        for (Map<String, ?> m : settingsMaps) {
            m.forEach((k, v) -> check(k, v).ifPresent(out::add));
        }
        return List.copyOf(out);
    }

    /** The gated settings and initdb options of the experiment's base and steps. */
    public static List<Gated> inEffect(Experiment e) {
        List<Map<String, ?>> maps = new ArrayList<>();
        maps.add(e.server().base());
        e.steps().forEach(s -> maps.add(s.settings()));
        List<Gated> out = new ArrayList<>(inEffect(maps));
        out.addAll(initdbOptions(e.server().initdb()));
        e.steps().forEach(s -> initdbOptions(s.initdb()).stream().filter(g -> !out.contains(g)).forEach(out::add));
        return out;
    }

    /** {@code --allow} words (or {@code allow:} items) as kinds; an unknown word is bad input naming {@code where}. */
    public static Set<Kind> kinds(Collection<String> words, String where) {
        Set<Kind> out = EnumSet.noneOf(Kind.class);
        for (String w : words) {
            out.add(Kind.named(w).orElseThrow(() -> new BadInputException(where + " " + w + ": no such kind. Fix: "
                    + "choose from " + Kind.choices() + ", e.g. --allow commands")));
        }
        return out;
    }

    /** The kinds as words, in the enum's order, e.g. {@code [commands, paths]}. */
    public static List<String> words(Set<Kind> kinds) {
        return java.util.Arrays.stream(Kind.values()).filter(kinds::contains).map(Kind::word).toList();
    }

    /** Comma-separated elements, trimmed, double quotes removed (PostgreSQL's list syntax), empty ones dropped. */
    private static List<String> elements(String text) {
        List<String> out = new ArrayList<>();
        for (String part : text.split(",")) {
            String e = part.trim();
            if (e.length() >= 2 && e.startsWith("\"") && e.endsWith("\"")) {
                e = e.substring(1, e.length() - 1).trim();
            }
            if (!e.isEmpty()) {
                out.add(e);
            }
        }
        return out;
    }

    /** Relative, without a {@code ..} part: PostgreSQL resolves it in the data directory (its working directory). */
    private static boolean insideDataDirectory(String path) {
        if (path.startsWith("/") || path.startsWith("~") || path.startsWith("\\")) {
            return false;
        }
        for (String part : path.split("[/\\\\]")) {
            if (part.equals("..")) {
                return false;
            }
        }
        return true;
    }

    /** Settings by name → kind, for the catalog test and docs/security.md. */
    public static Map<String, Kind> names() {
        Map<String, Kind> out = new LinkedHashMap<>();
        COMMANDS.stream().sorted().forEach(n -> out.put(n, Kind.COMMANDS));
        LIBRARY_LISTS.stream().sorted().forEach(n -> out.put(n, Kind.LIBRARIES));
        SEARCH_PATHS.keySet().stream().sorted().forEach(n -> out.put(n, Kind.LIBRARIES));
        PATH_SETTINGS.stream().sorted().forEach(n -> out.put(n, Kind.PATHS));
        return out;
    }
}
