package org.pgknobs.experiment.trust;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.TrustBook;
import org.pgknobs.json.Json;

/**
 * The user's trusted experiment files, in the user's own state directory ({@link #defaultDirectory}): each file's
 * real path, the SHA-256 of the content the user was shown, that content (to say what changed when it changes) and
 * the gated items it holds. As direnv's {@code allow}: a file is trusted for its exact bytes; one changed byte and
 * it is not, until trusted again.
 */
public final class TrustStore implements TrustBook {

    /** {@code trusted.json}'s form: one entry per file. */
    public record Entry(String file, String sha256, Instant trusted, List<String> gated, String content) {
        public Entry {
            gated = gated == null ? List.of() : List.copyOf(gated);
        }
    }

    /** The whole file. */
    record Book(int version, List<Entry> files) {
        Book {
            files = files == null ? List.of() : List.copyOf(files);
        }
    }

    private final Path directory;

    public TrustStore(Path directory) {
        this.directory = directory;
    }

    /**
     * {@code $PGKNOBS_STATE_DIR}, else {@code $XDG_STATE_HOME/pgknobs}, else {@code ~/.local/state/pgknobs}: the
     * user's, never the project's, so no file in a repository can bring its own trust along.
     */
    public static Path defaultDirectory(Map<String, String> env) {
        String own = env.get("PGKNOBS_STATE_DIR");
        if (own != null && !own.isBlank()) {
            return Path.of(own);
        }
        String xdg = env.get("XDG_STATE_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg, "pgknobs");
        }
        return Path.of(System.getProperty("user.home"), ".local", "state", "pgknobs");
    }

    public static TrustStore ofUser() {
        return new TrustStore(defaultDirectory(System.getenv()));
    }

    public Path file() {
        return directory.resolve("trusted.json");
    }

    @Override
    public Standing standing(Path file, byte[] content) {
        Optional<Entry> entry = entry(realPath(file));
        if (entry.isEmpty()) {
            return new Untrusted();
        }
        String sha = sha256(content);
        if (entry.get().sha256().equals(sha)) {
            return new Trusted(sha);
        }
        return new Changed(ContentChange.describe(entry.get().content(), new String(content, StandardCharsets.UTF_8))
                + " (SHA-256 " + entry.get().sha256().substring(0, 12) + "… then, " + sha.substring(0, 12) + "… now); "
                + "run `pgknobs trust " + file + "` again after reading it");
    }

    /** Records {@code file} as trusted for exactly {@code content}, with the gated items the user was shown. */
    public Entry trust(Path file, byte[] content, List<String> gated) {
        String real = realPath(file);
        Entry entry = new Entry(real, sha256(content), Instant.now(), gated, new String(content, StandardCharsets.UTF_8));
        update(book -> {
            List<Entry> files = new ArrayList<>(book.files().stream().filter(e -> !e.file().equals(real)).toList());
            files.add(entry);
            return new Book(1, files);
        });
        return entry;
    }

    /** Forgets {@code file}; false when it was not trusted. */
    public boolean revoke(Path file) {
        String real = realPath(file);
        boolean[] found = {false};
        update(book -> {
            found[0] = book.files().stream().anyMatch(e -> e.file().equals(real));
            return new Book(1, book.files().stream().filter(e -> !e.file().equals(real)).toList());
        });
        return found[0];
    }

    public List<Entry> list() {
        return read().files();
    }

    private Optional<Entry> entry(String real) {
        return read().files().stream().filter(e -> e.file().equals(real)).findFirst();
    }

    private Book read() {
        Path f = file();
        if (!Files.exists(f)) {
            return new Book(1, List.of());
        }
        try {
            return Json.parse(f, Book.class);
        } catch (IOException e) {
            throw new BadInputException(f + ": the trust store cannot be read (" + e.getMessage() + "). Fix: move it "
                    + "away and trust your files again with `pgknobs trust FILE`");
        }
    }

    /** Read, change and write under a lock, so two `pgknobs trust` at once lose neither entry. */
    private void update(java.util.function.UnaryOperator<Book> change) {
        try {
            Files.createDirectories(directory);
            try (FileChannel ch = FileChannel.open(directory.resolve("trusted.lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE); FileLock ignored = ch.lock()) {
                Json.write(file(), change.apply(read()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the trust store in " + directory + ": " + e.getMessage(), e);
        }
    }

    /** The absolute, link-resolved path: a file is trusted where it is, not by the name it was given. */
    static String realPath(Path file) {
        try {
            return file.toRealPath().toString();
        } catch (IOException e) {
            return file.toAbsolutePath().normalize().toString();
        }
    }

    public static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }
}
