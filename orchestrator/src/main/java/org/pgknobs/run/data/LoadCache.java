package org.pgknobs.run.data;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pgknobs.host.PageCache;
import org.pgknobs.json.Json;
import org.pgknobs.server.KeyedDirectories;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.PgBinaries;
import org.pgknobs.server.Workspace;

/**
 * Loaded data directories kept between runs ({@code --load-cache DIR}), so a run that would load the
 * same bytes again copies them instead. An entry is {@code DIR/<key>/} holding {@code data/} (a stopped
 * cluster's PGDATA, right after the load) and {@code entry.json}; it is built in a temporary directory
 * and renamed into place, so a reader sees a whole entry or none, and of two runs storing the same key
 * the first rename wins and the other drops its copy.
 */
final class LoadCache {

    static final String ENTRY_FILE = "entry.json";

    /** entry.json: the key, and the load the entry came from. */
    record Entry(String key, Map<String, String> parts, Instant loadedAt, double loadSeconds) {
    }

    private final KeyedDirectories entries;
    private final PrintStream out;

    LoadCache(Path dir, PrintStream out) {
        this.entries = new KeyedDirectories(dir);
        this.out = out;
    }

    /**
     * The key of one cluster's load: the PostgreSQL build (its version line and the SHA-256 of the
     * postgres executable), the server's OS user (entries keep its file ownership), the initdb options
     * (pgknobs' own and the experiment's), postgresql.auto.conf at load time, and the workload's own
     * description of what its load writes. Not the experiment's base settings: the load runs on the
     * cluster's initdb defaults (the trial start resets its settings; each step applies the base after
     * the load), so fixtures that differ only in their base share one load; any setting that was in
     * effect during the load is in postgresql.auto.conf.
     */
    static KeyedDirectories.Key key(PgBinaries binaries, String osUser, List<String> initdb, Path dataDir, String workloadLoad) {
        Map<String, String> parts = new LinkedHashMap<>();
        parts.put("postgres", binaries.identity());
        parts.put("os_user", osUser);
        parts.put("initdb", String.join(" ", ManagedServer.INITDB_DEFAULTS) + " | " + String.join(" ", initdb));
        parts.put("auto_conf", readOrEmpty(dataDir.resolve("postgresql.auto.conf")));
        parts.put("workload", workloadLoad);
        return KeyedDirectories.Key.of(parts);
    }

    /** The whole entry for {@code key}, if there is one; a broken one is reported, removed and missed. */
    Optional<Entry> lookup(KeyedDirectories.Key key) {
        return entries.lookup(key, entryDir -> brokenBecause(key, entryDir),
                        message -> out.println("load cache: " + message + (message.startsWith("ignoring") ? "; loading instead" : "")))
                .map(entryDir -> Json.read(entryDir.resolve(ENTRY_FILE), Entry.class));
    }

    private static Optional<String> brokenBecause(KeyedDirectories.Key key, Path entryDir) {
        try {
            Entry e = Json.read(entryDir.resolve(ENTRY_FILE), Entry.class);
            if (!key.id().equals(e.key())) {
                return Optional.of("its entry.json is for key " + e.key());
            }
            if (!Files.isRegularFile(entryDir.resolve("data").resolve("PG_VERSION"))) {
                return Optional.of("it has no data/PG_VERSION");
            }
            return Optional.empty();
        } catch (RuntimeException e) {
            return Optional.of("its entry.json cannot be read (" + e.getMessage() + ")");
        }
    }

    /** Copies the entry's data directory into the (stopped) server's, replacing it. */
    void copyInto(KeyedDirectories.Key key, ManagedServer server) {
        Workspace.delete(server.dataDirectory());
        Workspace.copyTree(entries.entry(key).resolve("data"), server.dataDirectory());
        // the entry's pages would crowd the data's out of the page cache (DataSnapshot says why that matters)
        PageCache.drop(entries.entry(key).resolve("data"));
    }

    /**
     * Stores the (stopped) server's freshly loaded data directory under {@code key}. Never fails the
     * run: a cache that cannot be written is reported and the run goes on with its own load.
     */
    void store(KeyedDirectories.Key key, ManagedServer server, Instant loadedAt, double loadSeconds) {
        try {
            boolean stored = entries.store(key, tmp -> {
                Workspace.copyTree(server.dataDirectory(), tmp.resolve("data"));
                PageCache.drop(tmp.resolve("data")); // what writeback has cleaned so far; the rest ages out
                Json.write(tmp.resolve(ENTRY_FILE), new Entry(key.id(), key.parts(), loadedAt, loadSeconds));
            });
            if (stored) {
                out.println("load cache: stored as " + key.shortId() + " in " + entries.dir());
            }
        } catch (IOException | RuntimeException e) {
            out.println("load cache: could not store the load in " + entries.dir() + ": " + e.getMessage());
        }
    }

    Path dir() {
        return entries.dir();
    }

    private static String readOrEmpty(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
