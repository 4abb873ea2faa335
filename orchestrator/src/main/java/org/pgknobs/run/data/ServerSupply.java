package org.pgknobs.run.data;

import java.nio.file.Path;
import java.util.Optional;
import org.pgknobs.server.ExternalServer;
import org.pgknobs.server.PgBinaries;
import org.pgknobs.server.RunAs;

/**
 * Where a suite's servers come from: clusters pgknobs creates itself (one per distinct set of initdb
 * options, from the embedded binaries or --pg-bin), or one external server it may only reconfigure.
 */
public sealed interface ServerSupply {

    /**
     * @param disk      checks the work directory has room for a load before it starts
     * @param loadCache where loaded data directories are kept between runs (--load-cache), if anywhere
     */
    record Managed(PgBinaries binaries, RunAs runAs, Path workDir, DiskSpace disk, Optional<Path> loadCache)
            implements ServerSupply {
        public Managed(PgBinaries binaries, RunAs runAs, Path workDir) {
            this(binaries, runAs, workDir, new DiskSpace(java.util.OptionalLong.empty()), Optional.empty());
        }
    }

    /** @param allowAlterSystem the user's --allow-alter-system: without it the server's configuration is not touched */
    record External(ExternalServer server, boolean allowAlterSystem) implements ServerSupply {
    }
}
