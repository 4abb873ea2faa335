package org.pgknobs.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What cp -a kept, kept by the threaded copy: bytes, modes, times, links, and a read-only directory's contents. */
@Tag("unit")
class TreeCopyTest {

    @TempDir
    Path dir;

    @Test
    void bytesModesTimesAndLinksArriveAsTheyWere() throws IOException {
        Path from = Files.createDirectories(dir.resolve("from/base/5"));
        byte[] big = new byte[3 << 20];
        new Random(7).nextBytes(big);
        Files.write(from.resolve("16384"), big);
        Files.write(from.resolve("16384.1"), new byte[0]);
        Files.writeString(dir.resolve("from/PG_VERSION"), "18\n");
        Files.setPosixFilePermissions(dir.resolve("from/PG_VERSION"), PosixFilePermissions.fromString("rw-------"));
        FileTime old = FileTime.fromMillis(1_000_000_000_000L);
        Files.setLastModifiedTime(from.resolve("16384"), old);
        Files.createSymbolicLink(dir.resolve("from/link"), Path.of("base/5/16384"));
        Files.setPosixFilePermissions(from, PosixFilePermissions.fromString("r-x------")); // read-only: copied into anyway
        Files.setPosixFilePermissions(dir.resolve("from"), PosixFilePermissions.fromString("rwx------"));

        TreeCopy.copy(dir.resolve("from"), dir.resolve("to"), 2);

        Path to = dir.resolve("to");
        assertThat(Files.readAllBytes(to.resolve("base/5/16384"))).isEqualTo(big);
        assertThat(Files.size(to.resolve("base/5/16384.1"))).isZero();
        assertThat(Files.readString(to.resolve("PG_VERSION"))).isEqualTo("18\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(to.resolve("PG_VERSION")))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(to))).isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(to.resolve("base/5")))).isEqualTo("r-x------");
        assertThat(Files.getLastModifiedTime(to.resolve("base/5/16384"))).isEqualTo(old);
        assertThat(Files.isSymbolicLink(to.resolve("link"))).isTrue();
        assertThat(Files.readSymbolicLink(to.resolve("link"))).isEqualTo(Path.of("base/5/16384"));
        assertThat(Files.getOwner(to.resolve("base/5/16384"), LinkOption.NOFOLLOW_LINKS))
                .isEqualTo(Files.getOwner(from.resolve("16384"), LinkOption.NOFOLLOW_LINKS));
        Files.setPosixFilePermissions(to.resolve("base/5"), PosixFilePermissions.fromString("rwx------"));
        Files.setPosixFilePermissions(from, PosixFilePermissions.fromString("rwx------"));
    }

    @Test
    void anExistingTargetIsRefusedNotCopiedInto() throws IOException {
        Files.createDirectories(dir.resolve("from"));
        Files.createDirectories(dir.resolve("to"));
        assertThatThrownBy(() -> TreeCopy.copy(dir.resolve("from"), dir.resolve("to"), 2))
                .hasMessageContaining("exists already");
    }
}
