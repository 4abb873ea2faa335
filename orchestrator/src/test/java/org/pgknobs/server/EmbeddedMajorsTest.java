package org.pgknobs.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.pgknobs.testing.TestServers;

/** The builds of other majors travel inside pgknobs (not only in the tests' copies) and unpack like 18. */
class EmbeddedMajorsTest {

    @Test
    void theBuildCarriesSixteenSeventeenAndEighteen() {
        assertThat(EmbeddedBinaries.majors()).containsOnlyKeys(16, 17, 18);
        assertThat(EmbeddedBinaries.majors().get(18)).isEqualTo(EmbeddedBinaries.version());
    }

    @Test
    void sixteenIsUnpackedFromTheClassPathIntoItsOwnCacheDirectory() throws Exception {
        // a cache of its own, so the collector tests' unpacked 16 cannot stand in for the class-path archive
        Path cache = Workspace.newInstanceDir(Workspace.defaultWorkDir().resolve("tests"), "cache-majors");
        try {
            PgBinaries pg16 = EmbeddedBinaries.ensureMajor(cache, TestServers.runAs(), 16);
            assertThat(pg16.versionString()).contains("(PostgreSQL) 16.");
            assertThat(pg16.binDir()).startsWith(cache.toAbsolutePath())
                    .hasToString(cache.toAbsolutePath().resolve("postgres-" + EmbeddedBinaries.majors().get(16)).resolve("bin").toString());
            assertThat(EmbeddedBinaries.ensureMajor(cache, TestServers.runAs(), 16)).as("unpacked once").isEqualTo(pg16);
        } finally {
            Workspace.delete(cache);
        }
    }

    @Test
    void aMajorTheBuildLacksNamesTheLocalInstallOption() {
        assertThatThrownBy(() -> EmbeddedBinaries.ensureMajor(EmbeddedBinaries.defaultCacheDir(), TestServers.runAs(), 15))
                .isInstanceOf(ServerException.class)
                .hasMessageContaining("no embedded PostgreSQL 15")
                .hasMessageContaining("--pg-bin 15=/usr/lib/postgresql/15/bin");
    }
}
