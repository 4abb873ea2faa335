package org.pgknobs.server;

import java.nio.file.Path;
import java.util.List;

/**
 * A fresh cluster for one command (bench, apply, insertbench), started, and deleted again on
 * {@link #close()}: its instance directory goes whatever happened, so no throwaway cluster is left behind.
 */
public final class ThrowawayServer implements AutoCloseable {

    private final ManagedServer server;

    private ThrowawayServer(ManagedServer server) {
        this.server = server;
    }

    /** initdb with {@code initdbOptions} and start; on a failure in between, the instance is deleted first. */
    public static ThrowawayServer start(PgBinaries binaries, RunAs runAs, Path workDir, String label,
                                        List<String> initdbOptions) {
        ManagedServer server = ManagedServer.create(binaries, runAs, Workspace.newInstanceDir(workDir, label));
        try {
            server.initdb(initdbOptions);
            server.start();
            return new ThrowawayServer(server);
        } catch (RuntimeException e) {
            dispose(server);
            throw e;
        }
    }

    /** The embedded default build as the current OS user (postgres when root), in the default work directory. */
    public static ThrowawayServer embedded(String label, List<String> initdbOptions) {
        RunAs runAs = RunAs.forCurrentProcess(null);
        return start(EmbeddedBinaries.ensure(EmbeddedBinaries.defaultCacheDir(), runAs), runAs, Workspace.defaultWorkDir(),
                label, initdbOptions);
    }

    public ManagedServer server() {
        return server;
    }

    /** Stops the server and deletes its instance directory. */
    @Override
    public void close() {
        dispose(server);
    }

    /** The same for a server held without its wrapper (a shutdown hook's copy). */
    public static void dispose(ManagedServer server) {
        try {
            server.stop();
        } finally {
            Workspace.delete(server.instanceDir());
        }
    }
}
