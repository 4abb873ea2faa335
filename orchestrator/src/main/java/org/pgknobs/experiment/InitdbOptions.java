package org.pgknobs.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The initdb options an experiment may give, by allow-list (docs/security.md, "initdb options"). initdb runs before
 * pgknobs has applied or verified anything, so an option that runs SQL, reads a file or sets a server setting there
 * escapes both the gate ({@link SettingGate}) and the overlay's verification in pg_settings: {@code -c
 * archive_command=…} (16+) ran a command from a file with nothing allowed, and {@code -L DIR} makes initdb run the
 * bootstrap SQL found in DIR as the superuser. So only options that shape the cluster and nothing else pass; every
 * other option of initdb's {@code --help} (12 to 18) is refused with its reason, as is anything initdb would take
 * that is not listed (an abbreviation getopt would expand, a positional data directory, {@code --}).
 *
 * <p>Both spellings are read as initdb's getopt reads them: {@code -E UTF8}, {@code -EUTF8}, {@code --encoding UTF8},
 * {@code --encoding=UTF8}, and short options grouped ({@code -kg}).
 */
public final class InitdbOptions {

    /** A name the OS or PostgreSQL looks up, never a path: glibc reads a locale name with a '/' as a directory. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.@-]*");
    /** An ICU locale ID, e.g. und-u-ks-level2 or de@collation=phonebook. */
    private static final Pattern ICU_ID = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.@=;,-]*");
    /** A text search configuration, optionally schema-qualified. */
    private static final Pattern QUALIFIED = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");

    /** What an option does with a value: none, or one that must pass {@code valid} (described by {@code hint}). */
    private record Value(Predicate<String> valid, String hint) {
        static final Value NONE = null;

        static Value matching(Pattern p, String hint) {
            return new Value(v -> p.matcher(v).matches(), hint);
        }
    }

    /**
     * One initdb option: its short letter (0 without one), long name (null without one), value, and either why it is
     * safe to pass on ({@code safe}) or why it is refused ({@code refused}) with the fix.
     */
    private record Spec(char letter, String name, Value value, String safe, String refused, String fix) {

        static Spec safe(char letter, String name, Value value, String why) {
            return new Spec(letter, name, value, why, null, null);
        }

        static Spec refused(char letter, String name, boolean takesValue, String why, String fix) {
            return new Spec(letter, name, takesValue ? new Value(v -> false, "") : Value.NONE, null, why, fix);
        }

        boolean takesValue() {
            return value != null;
        }

        String spelling() {
            return letter != 0 && name != null ? "-" + letter + "/--" + name : letter != 0 ? "-" + letter : "--" + name;
        }
    }

    private static final String PGKNOBS_OWN = "pgknobs sets it itself on every cluster it creates";
    private static final String REMOVE = "remove it";
    private static final String SETTINGS_FIX = "put the setting under `settings:` (server.base or a step's), e.g. "
            + "`settings: {archive_mode: on}`, where it is applied with ALTER SYSTEM, verified in pg_settings and "
            + "recorded (a gated one needs --allow or `pgknobs trust FILE`)";

    /** initdb's options of 12 to 18 (its --help), each passed on with a reason or refused with one. */
    private static final List<Spec> SPECS = List.of(
            Spec.safe('k', "data-checksums", Value.NONE, "page checksums: a property of the cluster's pages, and a "
                    + "cost worth measuring"),
            Spec.safe((char) 0, "no-data-checksums", Value.NONE, "checksums off (18 turns them on by default)"),
            Spec.safe('E', "encoding", Value.matching(NAME, "an encoding name, e.g. UTF8"),
                    "the template databases' encoding: a name PostgreSQL knows"),
            Spec.safe((char) 0, "locale", Value.matching(NAME, "a locale name, e.g. C or en_US.UTF-8 (no '/')"),
                    "a locale name; one with a '/' would name a directory of locale files and is refused"),
            Spec.safe((char) 0, "lc-collate", Value.matching(NAME, "a locale name (no '/')"), "as --locale"),
            Spec.safe((char) 0, "lc-ctype", Value.matching(NAME, "a locale name (no '/')"), "as --locale"),
            Spec.safe((char) 0, "lc-messages", Value.matching(NAME, "a locale name (no '/')"), "as --locale"),
            Spec.safe((char) 0, "lc-monetary", Value.matching(NAME, "a locale name (no '/')"), "as --locale"),
            Spec.safe((char) 0, "lc-numeric", Value.matching(NAME, "a locale name (no '/')"), "as --locale"),
            Spec.safe((char) 0, "lc-time", Value.matching(NAME, "a locale name (no '/')"), "as --locale"),
            Spec.safe((char) 0, "no-locale", Value.NONE, "the C locale"),
            Spec.safe((char) 0, "locale-provider", Value.matching(Pattern.compile("builtin|libc|icu"),
                    "builtin, libc or icu"), "which library collates (15+)"),
            Spec.safe((char) 0, "icu-locale", Value.matching(ICU_ID, "an ICU locale ID, e.g. und-u-ks-level2"),
                    "an ICU locale ID (15+)"),
            Spec.safe((char) 0, "icu-rules", new Value(v -> !v.isBlank(), "ICU collation rules"),
                    "collation rules, data that ICU parses (16+)"),
            Spec.safe((char) 0, "builtin-locale", Value.matching(NAME, "C or C.UTF-8"), "the builtin provider's locale (17+)"),
            Spec.safe('T', "text-search-config", Value.matching(QUALIFIED, "a configuration name, e.g. english"),
                    "the default text search configuration: a name in the catalog"),
            Spec.safe('g', "allow-group-access", Value.NONE, "group read on the data directory; the instance directory "
                    + "around it stays mode 700"),
            Spec.safe((char) 0, "wal-segsize", Value.matching(Pattern.compile("1|2|4|8|16|32|64|128|256|512|1024"),
                    "a power of two from 1 to 1024 (MB)"), "the WAL segment size, a property of the cluster"),
            Spec.refused('c', "set", true, "sets a server setting at initdb, where it escapes the overlay's "
                    + "verification in pg_settings and its record, and the gate of settings that run programs "
                    + "(archive_command) or load code", SETTINGS_FIX),
            Spec.refused('L', null, true, "makes initdb read its bootstrap files from a directory: SQL that it runs as "
                    + "the superuser before anything is applied", "remove it: initdb uses the files of the PostgreSQL build"),
            Spec.refused('D', "pgdata", true, "names the data directory, which is pgknobs' instance directory",
                    REMOVE + "; pgknobs chooses the directory (--work-dir)"),
            Spec.refused('U', "username", true, "names the superuser, which is pgknobs' own: it connects as it", REMOVE),
            Spec.refused('A', "auth", true, "sets authentication, which is pgknobs': trust for the server's OS user on "
                    + "its socket, scram-sha-256 with a random password over TCP", REMOVE),
            Spec.refused((char) 0, "auth-host", true, "sets authentication over TCP; " + PGKNOBS_OWN, REMOVE),
            Spec.refused((char) 0, "auth-local", true, "sets authentication on the socket; " + PGKNOBS_OWN, REMOVE),
            Spec.refused((char) 0, "pwfile", true, "reads a file of this machine into the cluster (the superuser's "
                    + "password)", REMOVE + "; pgknobs gives the superuser a random password"),
            Spec.refused('W', "pwprompt", false, "waits for a password on the terminal", REMOVE),
            Spec.refused('N', "no-sync", false, "decides how initdb writes its files to disk, which is pgknobs' (its "
                    + "initdb templates serve later runs); it does not shape the cluster", REMOVE),
            Spec.refused((char) 0, "sync-method", true, "as --no-sync: how initdb syncs is pgknobs'; to measure a sync "
                    + "method, set the server's `recovery_init_sync_method` or `wal_sync_method` under settings:", REMOVE),
            Spec.refused((char) 0, "no-sync-data-files", false, "as --no-sync, for the files inside database "
                    + "directories (18): how initdb syncs is pgknobs'", REMOVE),
            Spec.refused('S', "sync-only", false, "makes initdb sync an existing directory and create no cluster", REMOVE),
            Spec.refused('d', "debug", false, "prints initdb's debugging output, which pgknobs does not show; it shapes "
                    + "nothing", REMOVE),
            Spec.refused((char) 0, "discard-caches", false, "sets debug_discard_caches at initdb, escaping the "
                    + "overlay's verification", "set `debug_discard_caches: 1` under settings: (builds with assertions only)"),
            Spec.refused('n', "no-clean", false, "leaves a failed cluster behind", REMOVE),
            Spec.refused('s', "show", false, "makes initdb print its settings and create no cluster", REMOVE),
            Spec.refused((char) 0, "no-instructions", false, "changes only initdb's closing text, which pgknobs does "
                    + "not show; it shapes nothing (and 13 has no such option)", REMOVE),
            Spec.refused('V', "version", false, "makes initdb print its version and create no cluster", REMOVE),
            Spec.refused('?', "help", false, "makes initdb print its help and create no cluster", REMOVE));

    /** The {@code --waldir} option, gated as a path rather than refused (docs/security.md). */
    private static final Spec WALDIR = new Spec('X', "waldir", new Value(v -> !v.isBlank(), "a directory"), null, null, null);

    /** What is wrong with one element of the options list (its index), or the gated option it carries. */
    public sealed interface Finding permits Refusal, GatedOption {
        int index();
    }

    /** Refused for every file: the problem, and how to fix it. */
    public record Refusal(int index, String problem, String fix) implements Finding {
    }

    /** Passed on only with an allowance: {@code --waldir} outside the data directory. */
    public record GatedOption(int index, SettingGate.Gated gated) implements Finding {
    }

    private InitdbOptions() {
    }

    /** Every finding in {@code args}, in order; empty when initdb may be given them as they are. */
    public static List<Finding> check(List<String> args) {
        List<Finding> out = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            // the last element an option used: its own, or the next one when that holds its value
            int[] next = {i};
            Optional<Finding> f;
            if (a.equals("--")) {
                f = refuse(i, "'--' ends initdb's options; what follows would be its data directory", REMOVE);
            } else if (a.startsWith("--")) {
                f = checkLong(i, a, args, next);
            } else if (a.startsWith("-") && a.length() > 1) {
                f = checkShort(i, a, args, next);
            } else {
                f = refuse(i, "'" + a + "' is not an option: initdb takes a plain argument as its data directory, "
                        + "which is pgknobs'", "remove it, or write the option it belongs to in one element, e.g. "
                        + "--encoding=UTF8");
            }
            f.ifPresent(out::add);
            i = next[0];
        }
        return out;
    }

    private static Optional<Finding> checkLong(int i, String a, List<String> args, int[] next) {
        String body = a.substring(2);
        int eq = body.indexOf('=');
        String name = eq < 0 ? body : body.substring(0, eq);
        Optional<Spec> spec = byName(name);
        if (spec.isEmpty()) {
            return refuse(i, "'--" + name + "' is not an initdb option pgknobs passes on (options are written in "
                    + "full: initdb would also take an abbreviation of another)", "use one of " + safeSpellings());
        }
        String value = null;
        if (eq >= 0) {
            value = body.substring(eq + 1);
        } else if (spec.get().takesValue() && i + 1 < args.size()) {
            value = args.get(i + 1);
            next[0] = i + 1;
        }
        return judge(i, spec.get(), "--" + name, value);
    }

    private static Optional<Finding> checkShort(int i, String a, List<String> args, int[] next) {
        for (int k = 1; k < a.length(); k++) {
            char letter = a.charAt(k);
            Optional<Spec> spec = byLetter(letter);
            if (spec.isEmpty()) {
                return refuse(i, "'-" + letter + "' is not an initdb option pgknobs passes on", "use one of " + safeSpellings());
            }
            if (spec.get().takesValue()) {
                String value = k + 1 < a.length() ? a.substring(k + 1) : i + 1 < args.size() ? args.get(i + 1) : null;
                if (k + 1 >= a.length() && i + 1 < args.size()) {
                    next[0] = i + 1;
                }
                return judge(i, spec.get(), "-" + letter, value);
            }
            Optional<Finding> f = judge(i, spec.get(), "-" + letter, null);
            if (f.isPresent()) {
                return f;
            }
        }
        return Optional.empty();
    }

    private static Optional<Finding> judge(int i, Spec spec, String written, String value) {
        if (spec == WALDIR) {
            return Optional.of(new GatedOption(i, new SettingGate.Gated("initdb " + written, value == null ? "" : value,
                    SettingGate.Kind.PATHS, "puts the cluster's WAL outside its data directory")));
        }
        if (spec.refused() != null) {
            return refuse(i, "initdb " + spec.spelling() + " " + spec.refused(), spec.fix());
        }
        if (spec.takesValue() && value == null) {
            return refuse(i, "initdb " + written + " needs a value: " + spec.value().hint(), "e.g. " + written
                    + (written.startsWith("--") ? "=" : " ") + example(spec));
        }
        if (spec.takesValue() && !spec.value().valid().test(value)) {
            return refuse(i, "initdb " + written + " '" + value + "': expected " + spec.value().hint(), "e.g. " + written
                    + (written.startsWith("--") ? "=" : " ") + example(spec));
        }
        return Optional.empty();
    }

    private static String example(Spec spec) {
        String hint = spec.value().hint();
        int eg = hint.indexOf("e.g. ");
        return eg >= 0 ? hint.substring(eg + 5).split(" ")[0] : "VALUE";
    }

    private static Optional<Finding> refuse(int i, String problem, String fix) {
        return Optional.of(new Refusal(i, problem, fix));
    }

    private static Optional<Spec> byName(String name) {
        if (WALDIR.name().equals(name)) {
            return Optional.of(WALDIR);
        }
        return SPECS.stream().filter(s -> name.equals(s.name())).findFirst();
    }

    private static Optional<Spec> byLetter(char letter) {
        if (WALDIR.letter() == letter) {
            return Optional.of(WALDIR);
        }
        return SPECS.stream().filter(s -> s.letter() == letter).findFirst();
    }

    /**
     * Whether the allow-list decides {@code option} ({@code -k} or {@code --data-checksums}) by name, passing it on
     * or refusing it with a reason; an option it does not know is refused too, but without one (the catalog test
     * reads initdb's --help of every major so that none is left to that).
     */
    public static boolean known(String option) {
        if (option.startsWith("--")) {
            return byName(option.substring(2)).isPresent();
        }
        return option.length() == 2 && option.startsWith("-") && byLetter(option.charAt(1)).isPresent();
    }

    /** The options passed on, as written in docs/security.md. */
    public static String safeSpellings() {
        return String.join(", ", SPECS.stream().filter(s -> s.safe() != null).map(Spec::spelling).toList())
                + " (and --waldir with --allow paths)";
    }

    /** Each option passed on with why it is safe, for docs/security.md and its test. */
    public static List<String> safeWithReasons() {
        return SPECS.stream().filter(s -> s.safe() != null).map(s -> s.spelling() + ": " + s.safe()).toList();
    }
}
