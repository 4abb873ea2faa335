package org.pgknobs.server;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Data directories fresh from initdb, kept in {@code <cache>/initdb/<key>/data} (the load cache's
 * directory), so a later cluster with the same key is a copy plus a password reset instead of an
 * initdb: about a tenth of its CPU. The key covers what initdb bakes into the files: the build, the OS
 * user (copies keep file ownership), initdb's whole argument list but {@code --no-sync}, and what
 * initdb reads from the machine (its time zone, written into postgresql.conf; the host, whose limits
 * its trial starts size max_connections and shared_buffers by).
 *
 * <p>{@code --no-sync} is not in the key: it changes no byte, only whether initdb fsyncs them. A
 * template is as durable as the initdb that built it asked for: without {@code --no-sync} it is fsynced
 * before it is renamed into place, so an OS crash leaves no torn one (with it, as the tests' clusters,
 * a torn one is still caught when its copy refuses the password reset, and the fsync of every file, seconds
 * per template on a busy disk, is saved: docs/testing.md). A copy is not fsynced, which costs nothing real: a cluster served from a template belongs to one
 * process (a run's instance directory is new each time, {@code --resume} included), so a crash that
 * would lose its unsynced files has ended its run anyway. {@code pgknobs server}'s persistent cluster
 * is always a real initdb.
 */
public final class InitdbTemplates {

    /** Where a cluster's data directory came from. */
    public enum Source { INITDB, TEMPLATE }

    static final String KEY_FILE = "key.txt";

    private final KeyedDirectories entries;
    private final PrintStream out;

    private InitdbTemplates(Path dir, PrintStream out) {
        this.entries = new KeyedDirectories(dir);
        this.out = out;
    }

    /** The templates kept in the cache directory {@code cacheDir} (its {@code initdb/} subdirectory). */
    public static InitdbTemplates in(Path cacheDir, PrintStream out) {
        return new InitdbTemplates(cacheDir.resolve("initdb"), out);
    }

    public Path dir() {
        return entries.dir();
    }

    /** The key of {@code server}'s initdb with {@code options} (the experiment's, after pgknobs' defaults). */
    public KeyedDirectories.Key key(ManagedServer server, List<String> options) {
        Map<String, String> parts = new LinkedHashMap<>();
        parts.put("postgres", server.binaries().identity());
        parts.put("os_user", server.runAs().userName());
        parts.put("initdb", String.join(" ", ManagedServer.initdbArguments(
                options.stream().filter(o -> !isNoSync(o)).toList())));
        parts.put("timezone", "TZ=" + Optional.ofNullable(System.getenv("TZ")).orElse("(unset)") + ", /etc/localtime "
                + realPath(Path.of("/etc/localtime")));
        parts.put("host", readOrEmpty(Path.of("/proc/sys/kernel/hostname")));
        return KeyedDirectories.Key.of(parts);
    }

    /**
     * Gives {@code server} (not initialised yet) its data directory: a copy of the key's template with
     * the server's own password, or a real initdb that then becomes the template. A template whose copy
     * will not take the password (a torn or damaged one) is removed and initdb runs instead.
     */
    Source initdb(ManagedServer server, List<String> options) {
        KeyedDirectories.Key key = key(server, options);
        Optional<Path> entry = entries.lookup(key, InitdbTemplates::brokenBecause, this::report);
        if (entry.isPresent()) {
            try {
                Workspace.copyTree(entry.get().resolve("data"), server.dataDirectory());
                server.resetSuperuserPassword();
                return Source.TEMPLATE;
            } catch (ServerException e) {
                report("ignoring the broken entry " + entry.get() + ": its copy failed (" + e.getMessage() + ")");
                entries.remove(key, this::report);
                Workspace.delete(server.dataDirectory());
            }
        }
        server.runInitdb(options);
        if (server.externalWalDirectory().isPresent()) {
            return Source.INITDB; // --waldir: no template, ever
        }
        try {
            entries.store(key, tmp -> {
                Workspace.copyTree(server.dataDirectory(), tmp.resolve("data"));
                Files.writeString(tmp.resolve(KEY_FILE), key.parts().entrySet().stream()
                        .map(p -> p.getKey() + ": " + p.getValue()).collect(Collectors.joining("\n", "", "\n")));
                if (options.stream().noneMatch(InitdbTemplates::isNoSync)) {
                    fsyncTree(tmp);
                }
            });
        } catch (IOException | RuntimeException e) {
            report("could not store a template in " + entries.dir() + ": " + e.getMessage());
        }
        return Source.INITDB;
    }

    private static boolean isNoSync(String option) {
        return option.equals("--no-sync") || option.equals("-N");
    }

    private static Optional<String> brokenBecause(Path entryDir) {
        for (String file : List.of(KEY_FILE, "data/PG_VERSION", "data/global/pg_control")) {
            if (!Files.isRegularFile(entryDir.resolve(file))) {
                return Optional.of("it has no " + file);
            }
        }
        return Optional.empty();
    }

    private void report(String message) {
        out.println("initdb templates: " + message);
    }

    /** Every file and directory below {@code root} forced to disk, as initdb's own sync does. */
    private static void fsyncTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Iterator<Path> it = paths.iterator(); it.hasNext(); ) {
                try (FileChannel c = FileChannel.open(it.next(), StandardOpenOption.READ)) {
                    c.force(true);
                }
            }
        }
    }

    private static String realPath(Path p) {
        try {
            return p.toRealPath().toString();
        } catch (IOException e) {
            return "(none)";
        }
    }

    private static String readOrEmpty(Path file) {
        try {
            return Files.readString(file).strip();
        } catch (IOException e) {
            return "";
        }
    }
}
