package org.pgknobs.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.UUID;
import org.pgknobs.host.OnlineCpus;

/**
 * Where managed servers' instance directories live. As root the default is /var/tmp/pgknobs, because
 * the unprivileged user PostgreSQL runs as cannot enter root's home or JUnit's mode-700 temp dirs.
 */
public final class Workspace {

    private Workspace() {
    }

    /** The environment variable that moves the default work directory (a faster disk, a tmpfs for tests). */
    private static final String WORK_DIR_ENV = "PGKNOBS_WORK_DIR";

    public static Path defaultWorkDir() {
        return defaultWorkDir(System.getenv(WORK_DIR_ENV), RunAs.isRoot());
    }

    /** {@code $PGKNOBS_WORK_DIR} when set, else /var/tmp/pgknobs as root, else $TMPDIR/pgknobs-$USER. */
    public static Path defaultWorkDir(String fromEnvironment, boolean root) {
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            return Path.of(fromEnvironment);
        }
        if (root) {
            return Path.of("/var/tmp/pgknobs");
        }
        return Path.of(System.getProperty("java.io.tmpdir"), "pgknobs-" + System.getProperty("user.name"));
    }

    /** A fresh, uniquely named directory under {@code workDir} for one server instance. */
    public static Path newInstanceDir(Path workDir, String label) {
        Path dir = workDir.toAbsolutePath().resolve(label + "-" + UUID.randomUUID().toString().substring(0, 8));
        checkSocketPath(dir);
        try {
            Files.createDirectories(workDir);
            // Traversable by the server's OS user; instance dirs below are mode 700 and theirs.
            Files.setPosixFilePermissions(workDir, PosixFilePermissions.fromString("rwx--x--x"));
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot use work directory " + workDir + ": " + e.getMessage(), e);
        }
    }

    /** The longest socket file a server in {@code instanceDir} may create; Linux allows 107 bytes. */
    private static final int MAX_SOCKET_PATH = 107;

    /**
     * PostgreSQL refuses to start when its Unix socket path is too long, with a message about sockets
     * that does not say the work directory is to blame: say so before anything is created.
     */
    static void checkSocketPath(Path instanceDir) {
        String socket = instanceDir.resolve("socket").resolve(".s.PGSQL.65535").toString();
        int bytes = socket.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        if (bytes > MAX_SOCKET_PATH) {
            throw new org.pgknobs.BadInputException("work directory " + instanceDir.getParent() + " is too deep: the "
                    + "server's socket would be " + socket + " (" + bytes + " bytes; the system allows " + MAX_SOCKET_PATH
                    + "). Fix: use a shorter --work-dir (by " + (bytes - MAX_SOCKET_PATH) + " characters or more), "
                    + "e.g. /var/tmp/pgknobs, or a shorter experiment name");
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

    /**
     * Copies the tree {@code from} to {@code to} (which must not exist), keeping owners, modes and times as
     * {@code cp -a} does: the server's OS user must own PGDATA. On as many threads as there are CPUs ({@link TreeCopy}).
     */
    public static void copyTree(Path from, Path to) {
        try {
            TreeCopy.copy(from, to, OnlineCpus.usable());
        } catch (IOException | UncheckedIOException e) {
            throw new ServerException("copying " + from + " to " + to + " failed: " + e.getMessage(), List.of());
        }
    }

    /**
     * Makes {@code to}, last written whole when {@code stamps} were taken, equal to {@code from} again, copying only
     * the files that changed since ({@link TreeSync}); the server must be stopped.
     */
    public static TreeSync.Synced syncTree(Path from, Path to, TreeStamps stamps) {
        if (!stamps.isOf(to)) {
            throw new IllegalArgumentException("the stamps are of another tree than " + to);
        }
        try {
            return TreeSync.sync(from, to, stamps, OnlineCpus.usable());
        } catch (IOException | UncheckedIOException e) {
            throw new ServerException("restoring " + to + " from " + from + " failed: " + e.getMessage(), List.of());
        }
    }
}
