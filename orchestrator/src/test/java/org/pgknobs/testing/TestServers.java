package org.pgknobs.testing;

import java.nio.file.Path;
import java.util.List;
import org.pgknobs.server.EmbeddedBinaries;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.PgBinaries;
import org.pgknobs.server.RunAs;
import org.pgknobs.server.Workspace;

/**
 * Real embedded PostgreSQL servers for tests: the same binaries, directories and privilege drop the
 * product uses, so tests run as root (CI) exercise the root path for real.
 */
public final class TestServers {

    private TestServers() {
    }

    public static RunAs runAs() {
        return RunAs.forCurrentProcess(null);
    }

    public static PgBinaries embeddedBinaries() {
        return EmbeddedBinaries.ensure(EmbeddedBinaries.defaultCacheDir(), runAs());
    }

    /** A new cluster, initdb'ed with {@code initdbOptions}, not started. Delete with {@link #dispose}. */
    public static ManagedServer initialized(String label, List<String> initdbOptions) {
        Path dir = Workspace.newInstanceDir(Workspace.defaultWorkDir().resolve("tests"), label);
        ManagedServer server = ManagedServer.create(embeddedBinaries(), runAs(), dir);
        server.initdb(initdbOptions);
        return server;
    }

    /** A new, started cluster with default initdb options. */
    public static ManagedServer started(String label) {
        ManagedServer server = initialized(label, List.of());
        server.start();
        return server;
    }

    public static void dispose(ManagedServer server) {
        if (server == null) {
            return;
        }
        try {
            server.stop();
        } finally {
            Workspace.delete(server.instanceDir());
        }
    }
}
