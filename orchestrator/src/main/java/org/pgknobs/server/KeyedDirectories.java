package org.pgknobs.server;

import java.io.IOException;
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
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Directories kept under a key in one cache directory: {@code DIR/<sha256 of the key's parts>/}. An entry
 * is built in a temporary directory and renamed into place, so a reader sees a whole entry or none, and
 * of two processes storing the same key the first rename wins and the other drops its copy. Used by the
 * run's load cache and by the initdb templates ({@link InitdbTemplates}).
 */
public final class KeyedDirectories {

    /**
     * @param id    SHA-256 of {@code parts}: the entry's directory name
     * @param parts what the entry's bytes depend on, by name (recorded in the entry, for a human)
     */
    public record Key(String id, Map<String, String> parts) {
        public static Key of(Map<String, String> parts) {
            Map<String, String> sorted = new TreeMap<>(parts);
            return new Key(sha256(sorted.toString().getBytes(StandardCharsets.UTF_8)), sorted);
        }

        public String shortId() {
            return id.substring(0, 12);
        }
    }

    /** Writes an entry's files into the (empty, temporary) directory it is given. */
    @FunctionalInterface
    public interface Filler {
        void fill(Path entryDir) throws IOException;
    }

    private final Path dir;

    public KeyedDirectories(Path dir) {
        this.dir = dir.toAbsolutePath().normalize();
    }

    public Path dir() {
        return dir;
    }

    public Path entry(Key key) {
        return dir.resolve(key.id());
    }

    /**
     * The entry of {@code key} if it is there and whole. {@code broken} says what is wrong with an entry
     * (empty: nothing); a broken entry is removed and missed, and {@code report} hears
     * "ignoring the broken entry DIR: reason" (and a failure to remove it).
     */
    public Optional<Path> lookup(Key key, Function<Path, Optional<String>> broken, Consumer<String> report) {
        Path entry = entry(key);
        if (!Files.exists(entry)) {
            return Optional.empty();
        }
        Optional<String> reason = broken.apply(entry);
        if (reason.isEmpty()) {
            return Optional.of(entry);
        }
        report.accept("ignoring the broken entry " + entry + ": " + reason.get());
        remove(key, report);
        return Optional.empty();
    }

    /** Removes the entry of {@code key}, if any; a failure is only reported. */
    public void remove(Key key, Consumer<String> report) {
        try {
            Workspace.delete(entry(key));
        } catch (UncheckedIOException e) {
            report.accept("could not remove " + entry(key) + ": " + e.getMessage());
        }
    }

    /**
     * Builds the entry of {@code key} in a temporary directory with {@code filler} and renames it into
     * place. False when another process stored the key first (its entry is kept); the temporary
     * directory is gone either way.
     */
    public boolean store(Key key, Filler filler) throws IOException {
        Path tmp = dir.resolve(".tmp-" + key.shortId() + "-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
        try {
            Files.createDirectories(dir);
            Files.createDirectory(tmp);
            filler.fill(tmp);
            Files.move(tmp, entry(key), StandardCopyOption.ATOMIC_MOVE);
            return true;
        } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
            return false; // another process stored the same key first: its entry holds the same bytes
        } catch (AtomicMoveNotSupportedException e) {
            if (Files.exists(entry(key))) {
                return false;
            }
            throw e;
        } finally {
            Workspace.delete(tmp);
        }
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }
}
