package org.pgknobs.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.pgknobs.process.CommandResult;
import org.pgknobs.process.CommandRunner;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.ServerException;
import org.pgknobs.server.Workspace;

/**
 * A copy of a stopped cluster's data directory taken right after loading, so every step can start from
 * the same data. {@code cp -a} keeps ownership and modes (the server's OS user must own PGDATA) and
 * uses reflinks where the file system has them.
 */
public final class DataSnapshot {

    private static final Duration COPY_TIMEOUT = Duration.ofHours(2);
    private final Path copy;

    private DataSnapshot(Path copy) {
        this.copy = copy;
    }

    /** Copies the data directory of the (stopped) server into {@code <instance>/snapshot-<name>}. */
    public static DataSnapshot take(ManagedServer server, String name) {
        requireStopped(server);
        Path copy = server.instanceDir().resolve("snapshot-" + name);
        Workspace.delete(copy);
        copyTree(server.dataDirectory(), copy);
        return new DataSnapshot(copy);
    }

    /** Replaces the (stopped) server's data directory with the snapshot. */
    public void restoreInto(ManagedServer server) {
        requireStopped(server);
        Workspace.delete(server.dataDirectory());
        copyTree(copy, server.dataDirectory());
    }

    public Path path() {
        return copy;
    }

    private static void requireStopped(ManagedServer server) {
        if (server.isRunning()) {
            throw new IllegalStateException("the server must be stopped to copy its data directory");
        }
    }

    /** {@code cp -a --reflink=auto}: ownership and modes kept, reflinks where the file system has them. */
    static void copyTree(Path from, Path to) {
        CommandResult r = CommandRunner.run(List.of("cp", "-a", "--reflink=auto", from.toString(), to.toString()), COPY_TIMEOUT);
        if (!r.succeeded()) {
            throw new ServerException("copying " + from + " to " + to + " failed (exit " + r.exitCode() + ")", r.lastLines(10));
        }
    }
}
