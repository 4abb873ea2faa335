package org.pgknobs.testing;

import java.nio.file.Path;
import java.util.ArrayList;
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
        return initialized(embeddedBinaries(), label, initdbOptions);
    }

    /** The same with other binaries (another major, Debian's build). */
    public static ManagedServer initialized(PgBinaries binaries, String label, List<String> initdbOptions) {
        Path dir = Workspace.newInstanceDir(Workspace.defaultWorkDir().resolve("tests"), label);
        ManagedServer server = ManagedServer.create(binaries, runAs(), dir);
        // --no-sync: initdb's last step fsyncs every file it wrote, which on a disk shared with other
        // builds costs seconds per cluster; a test cluster is deleted afterwards and a crash loses nothing.
        List<String> options = new ArrayList<>(initdbOptions);
        options.add("--no-sync");
        server.initdb(options);
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
