package org.pgknobs.run;

import java.nio.file.Path;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.Workspace;

/**
 * A copy of a stopped cluster's data directory taken right after loading, so every step can start from
 * the same data. {@code cp -a} keeps ownership and modes (the server's OS user must own PGDATA) and
 * uses reflinks where the file system has them.
 */
public final class DataSnapshot {

    private final Path copy;

    private DataSnapshot(Path copy) {
        this.copy = copy;
    }

    /** Copies the data directory of the (stopped) server into {@code <instance>/snapshot-<name>}. */
    public static DataSnapshot take(ManagedServer server, String name) {
        requireStopped(server);
        Path copy = server.instanceDir().resolve("snapshot-" + name);
        Workspace.delete(copy);
        Workspace.copyTree(server.dataDirectory(), copy);
        return new DataSnapshot(copy);
    }

    /** Replaces the (stopped) server's data directory with the snapshot. */
    public void restoreInto(ManagedServer server) {
        requireStopped(server);
        Workspace.delete(server.dataDirectory());
        Workspace.copyTree(copy, server.dataDirectory());
    }

    public Path path() {
        return copy;
    }

    private static void requireStopped(ManagedServer server) {
        if (server.isRunning()) {
            throw new IllegalStateException("the server must be stopped to copy its data directory");
        }
    }
}
