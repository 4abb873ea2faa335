package org.pgknobs.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.UUID;

/**
 * Where managed servers' instance directories live. As root the default is /var/tmp/pgknobs, because
 * the unprivileged user PostgreSQL runs as cannot enter root's home or JUnit's mode-700 temp dirs.
 */
public final class Workspace {

    private Workspace() {
    }

    public static Path defaultWorkDir() {
        if (RunAs.isRoot()) {
            return Path.of("/var/tmp/pgknobs");
        }
        return Path.of(System.getProperty("java.io.tmpdir"), "pgknobs-" + System.getProperty("user.name"));
    }

    /** A fresh, uniquely named directory under {@code workDir} for one server instance. */
    public static Path newInstanceDir(Path workDir, String label) {
        try {
            Files.createDirectories(workDir);
            // Traversable by the server's OS user; instance dirs below are mode 700 and theirs.
            Files.setPosixFilePermissions(workDir, PosixFilePermissions.fromString("rwx--x--x"));
            return workDir.resolve(label + "-" + UUID.randomUUID().toString().substring(0, 8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot use work directory " + workDir + ": " + e.getMessage(), e);
        }
    }

    /** Removes an instance directory and everything in it (the server must be stopped). */
    public static void delete(Path instanceDir) {
        try {
            if (Files.exists(instanceDir)) {
                EmbeddedBinaries.deleteTree(instanceDir);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + instanceDir + ": " + e.getMessage(), e);
        }
    }
}
