package org.pgknobs.reliability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.pgknobs.server.RunAs;
import org.pgknobs.server.Workspace;

/**
 * A scratch directory under the work root (postgres must be able to enter it, unlike JUnit's mode-700
 * @TempDir), with the checks the reliability tests share: what is left in it, and which PostgreSQL
 * processes still run from it.
 */
final class Scratch implements AutoCloseable {

    private final Path root;

    private Scratch(Path root) {
        this.root = root;
    }

    static Scratch create(String label) {
        return under(Workspace.defaultWorkDir(), label);
    }

    /**
     * The same under the work directory pgknobs would choose without {@code $PGKNOBS_WORK_DIR} (the suite
     * points that at a tmpfs): for a test whose fault needs a real disk's waits.
     */
    static Scratch onDisk(String label) {
        return under(Workspace.defaultWorkDir(null, RunAs.isRoot()), label);
    }

    private static Scratch under(Path workDir, String label) {
        try {
            Path base = workDir.resolve("tests");
            Files.createDirectories(base);
            // short: a server's socket path must stay under 108 bytes
            Path root = Files.createTempDirectory(base, label.substring(0, Math.min(4, label.length())));
            Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
            return new Scratch(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Path root() {
        return root;
    }

    /** A sub-directory, created, enterable by the postgres user. */
    Path dir(String name) {
        try {
            Path d = Files.createDirectories(root.resolve(name));
            Files.setPosixFilePermissions(d, PosixFilePermissions.fromString("rwxr-xr-x"));
            return d;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Path> entries(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every regular file under {@code dir}. */
    static List<Path> files(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Command lines of live postgres processes (postmaster or backends) whose data directory is under {@code dir}. */
    static List<String> postgresProcessesUnder(Path dir) {
        String prefix = dir.toAbsolutePath().toString();
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains("postgres") && c.contains(prefix)).orElse(false))
                .map(p -> p.pid() + " " + p.info().commandLine().orElse(""))
                .toList();
    }

    @Override
    public void close() {
        Workspace.delete(root);
    }
}
