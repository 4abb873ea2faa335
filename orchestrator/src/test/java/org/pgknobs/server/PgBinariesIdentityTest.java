package org.pgknobs.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A build's identity (the cache keys' "postgres" part) is read once per executable file: asked again, the same
 * file is not run nor hashed again; a different file at the same path gets its own identity. A stand-in bin
 * directory whose postgres counts its --version runs.
 */
@Tag("unit")
class PgBinariesIdentityTest {

    @Test
    void theSameExecutableIsReadOnceAndAReplacedOneAgain(@TempDir Path dir) throws Exception {
        Path runs = dir.resolve("version-runs");
        Files.createFile(runs);
        Path bin = Files.createDirectories(dir.resolve("bin"));
        for (String tool : new String[] {"initdb", "pg_ctl"}) {
            executable(bin.resolve(tool), "#!/bin/sh\nexit 0\n");
        }
        executable(bin.resolve("postgres"), standIn(runs, "99.1"));
        PgBinaries binaries = PgBinaries.at(bin, "test");

        String first = binaries.identity();
        assertThat(first).startsWith("postgres (PostgreSQL) 99.1, executable sha256 ").endsWith(binaries.postgresSha256());
        assertThat(PgBinaries.at(bin, "again").identity()).isEqualTo(first);
        assertThat(Files.readAllLines(runs)).as("postgres --version runs").hasSize(1);

        // replaced, as an upgrade in place would: another file at the same path
        Path next = dir.resolve("postgres.new");
        executable(next, standIn(runs, "99.2"));
        Files.move(next, bin.resolve("postgres"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        String second = binaries.identity();
        assertThat(second).startsWith("postgres (PostgreSQL) 99.2, ").isNotEqualTo(first);
        assertThat(Files.readAllLines(runs)).hasSize(2);
    }

    private static String standIn(Path runs, String version) {
        return "#!/bin/sh\necho run >> '" + runs + "'\necho 'postgres (PostgreSQL) " + version + "'\n";
    }

    private static void executable(Path file, String text) throws Exception {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
