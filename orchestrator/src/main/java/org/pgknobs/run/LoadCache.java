package org.pgknobs.run;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.pgknobs.json.Json;
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

    /**
     * @param id    SHA-256 of {@code parts}: the entry's directory name
     * @param parts what the loaded bytes depend on, by name (recorded in entry.json, for a human)
     */
    record Key(String id, Map<String, String> parts) {
        static Key of(Map<String, String> parts) {
            Map<String, String> sorted = new TreeMap<>(parts);
            return new Key(sha256(sorted.toString().getBytes(StandardCharsets.UTF_8)), sorted);
        }

        String shortId() {
            return id.substring(0, 12);
        }
    }

    /** entry.json: the key, and the load the entry came from. */
    record Entry(String key, Map<String, String> parts, Instant loadedAt, double loadSeconds) {
    }

    private final Path dir;
    private final PrintStream out;

    LoadCache(Path dir, PrintStream out) {
        this.dir = dir.toAbsolutePath().normalize();
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
    static Key key(PgBinaries binaries, String osUser, List<String> initdb, Path dataDir, String workloadLoad) {
        Map<String, String> parts = new LinkedHashMap<>();
        parts.put("postgres", binaries.versionString() + ", executable sha256 " + binaries.postgresSha256());
        parts.put("os_user", osUser);
        parts.put("initdb", String.join(" ", ManagedServer.INITDB_DEFAULTS) + " | " + String.join(" ", initdb));
        parts.put("auto_conf", readOrEmpty(dataDir.resolve("postgresql.auto.conf")));
        parts.put("workload", workloadLoad);
        return Key.of(parts);
    }

    /** The whole entry for {@code key}, if there is one; a broken one is reported, removed and missed. */
    Optional<Entry> lookup(Key key) {
        Path entryDir = dir.resolve(key.id());
        if (!Files.exists(entryDir)) {
            return Optional.empty();
        }
        String broken;
        try {
            Entry e = Json.read(entryDir.resolve(ENTRY_FILE), Entry.class);
            if (!key.id().equals(e.key())) {
                broken = "its entry.json is for key " + e.key();
            } else if (!Files.isRegularFile(entryDir.resolve("data").resolve("PG_VERSION"))) {
                broken = "it has no data/PG_VERSION";
            } else {
                return Optional.of(e);
            }
        } catch (RuntimeException e) {
            broken = "its entry.json cannot be read (" + e.getMessage() + ")";
        }
        out.println("load cache: ignoring the broken entry " + entryDir + ": " + broken + "; loading instead");
        try {
            Workspace.delete(entryDir);
        } catch (UncheckedIOException e) {
            out.println("load cache: could not remove " + entryDir + ": " + e.getMessage());
        }
        return Optional.empty();
    }

    /** Copies the entry's data directory into the (stopped) server's, replacing it. */
    void copyInto(Key key, ManagedServer server) {
        Workspace.delete(server.dataDirectory());
        DataSnapshot.copyTree(dir.resolve(key.id()).resolve("data"), server.dataDirectory());
    }

    /**
     * Stores the (stopped) server's freshly loaded data directory under {@code key}. Never fails the
     * run: a cache that cannot be written is reported and the run goes on with its own load.
     */
    void store(Key key, ManagedServer server, Instant loadedAt, double loadSeconds) {
        Path tmp = dir.resolve(".tmp-" + key.shortId() + "-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
        try {
            Files.createDirectories(dir);
            Files.createDirectory(tmp);
            DataSnapshot.copyTree(server.dataDirectory(), tmp.resolve("data"));
            Json.write(tmp.resolve(ENTRY_FILE), new Entry(key.id(), key.parts(), loadedAt, loadSeconds));
            Files.move(tmp, dir.resolve(key.id()), StandardCopyOption.ATOMIC_MOVE);
            out.println("load cache: stored as " + key.shortId() + " in " + dir);
        } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
            // another run stored the same key first: its entry holds the same bytes
        } catch (IOException | RuntimeException e) {
            if (!(e instanceof AtomicMoveNotSupportedException) || !Files.exists(dir.resolve(key.id()))) {
                out.println("load cache: could not store the load in " + dir + ": " + e.getMessage());
            }
        } finally {
            Workspace.delete(tmp);
        }
    }

    Path dir() {
        return dir;
    }

    private static String readOrEmpty(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }
}
