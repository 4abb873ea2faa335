package org.pgknobs.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.pgknobs.server.EmbeddedBinaries;
import org.pgknobs.server.InitdbTemplates;
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
        server.initdb(options, templates());
        return server;
    }

    /**
     * The initdb templates of the build's cache directory ($PGKNOBS_LOAD_CACHE, which the surefire
     * configuration sets to target/load-cache), so a test cluster is a copy of an earlier initdb with the
     * same options; none when it is unset.
     */
    public static Optional<InitdbTemplates> templates() {
        return Optional.ofNullable(System.getenv("PGKNOBS_LOAD_CACHE")).filter(d -> !d.isBlank())
                .map(d -> InitdbTemplates.in(Path.of(d), System.err));
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
