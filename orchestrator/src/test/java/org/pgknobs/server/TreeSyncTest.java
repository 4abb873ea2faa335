package org.pgknobs.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tree a step changed in every way a server run does (pages rewritten, a file grown, one cut, WAL segments
 * renamed, a new relation, a removed one, a mode, a time) is the snapshot again after a sync, byte for byte, and
 * only the changed blocks were written.
 */
@Tag("unit")
class TreeSyncTest {

    @TempDir
    Path dir;

    @Test
    void aChangedTreeBecomesTheSourceAgainWritingOnlyTheBlocksThatDiffer() throws IOException {
        Path from = dir.resolve("snapshot");
        Files.createDirectories(from.resolve("base/5"));
        Files.createDirectories(from.resolve("pg_wal"));
        byte[] relation = random(1, 4 * TreeSync.BLOCK + 100); // a short last block
        Files.write(from.resolve("base/5/16384"), relation);
        Files.write(from.resolve("base/5/16390"), random(2, 3 * TreeSync.BLOCK));
        Files.write(from.resolve("base/5/16400"), random(3, TreeSync.BLOCK / 2));
        Files.write(from.resolve("pg_wal/000000010000000000000001"), random(4, 2 * TreeSync.BLOCK));
        Files.writeString(from.resolve("postgresql.auto.conf"), "# snapshot\n");
        Files.setLastModifiedTime(from.resolve("base/5/16384"), FileTime.fromMillis(1_000_000_000_000L));
        Files.createSymbolicLink(from.resolve("link"), Path.of("base/5/16384"));
        Files.setPosixFilePermissions(from.resolve("postgresql.auto.conf"), PosixFilePermissions.fromString("rw-------"));
        TreeCopy.copy(from, dir.resolve("data"), 2);
        Path data = dir.resolve("data");

        // what a step does to it
        overwrite(data.resolve("base/5/16384"), TreeSync.BLOCK + 7, new byte[] {1, 2, 3}); // one page in block 1
        overwrite(data.resolve("base/5/16384"), 4L * TreeSync.BLOCK + 50, new byte[] {9}); // the short last block
        try (FileChannel ch = FileChannel.open(data.resolve("base/5/16390"), StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(random(5, TreeSync.BLOCK)), 3L * TreeSync.BLOCK); // grown by a block
        }
        try (FileChannel ch = FileChannel.open(data.resolve("base/5/16400"), StandardOpenOption.WRITE)) {
            ch.truncate(100); // vacuum cut it
        }
        Files.move(data.resolve("pg_wal/000000010000000000000001"), data.resolve("pg_wal/000000010000000000000002"));
        Files.delete(data.resolve("base/5/16390")); // dropped ...
        Files.write(data.resolve("base/5/16390"), random(6, 3 * TreeSync.BLOCK)); // ... and a new one of that name
        Files.createDirectories(data.resolve("pgsql_tmp/sub"));
        Files.writeString(data.resolve("pgsql_tmp/sub/t"), "temp");
        Files.writeString(data.resolve("postgresql.auto.conf"), "shared_buffers = '8MB'\n");
        Files.setPosixFilePermissions(data.resolve("postgresql.auto.conf"), PosixFilePermissions.fromString("rw-r--r--"));
        Files.delete(data.resolve("link"));
        Files.createSymbolicLink(data.resolve("link"), Path.of("elsewhere"));

        TreeSync.Stats stats = TreeSync.sync(from, data, 2);

        assertSameTree(from, data);
        assertThat(stats.sourceBytes()).isEqualTo(4L * TreeSync.BLOCK + 100 + 3 * TreeSync.BLOCK + TreeSync.BLOCK / 2
                + 2 * TreeSync.BLOCK + "# snapshot\n".length());
        // 16384: blocks 1 and 4 (100 bytes); 16390: its 3 blocks (all differ); 16400 from 100 bytes: its one block
        // (half a block); the WAL segment is new: copied whole; the conf: its one block
        assertThat(stats.writtenBytes()).isEqualTo(TreeSync.BLOCK + 100 + 3L * TreeSync.BLOCK + TreeSync.BLOCK / 2
                + 2 * TreeSync.BLOCK + "# snapshot\n".length());
        assertThat(Files.getLastModifiedTime(data.resolve("base/5/16384"))).isEqualTo(FileTime.fromMillis(1_000_000_000_000L));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(data.resolve("postgresql.auto.conf"))))
                .isEqualTo("rw-------");
        assertThat(Files.readSymbolicLink(data.resolve("link"))).isEqualTo(Path.of("base/5/16384"));

        assertThat(TreeSync.sync(from, data, 2).writtenBytes()).as("the same trees: nothing to write").isZero();
    }

    private static void assertSameTree(Path a, Path b) throws IOException {
        assertThat(relativeEntries(b)).isEqualTo(relativeEntries(a));
        for (String e : relativeEntries(a)) {
            Path fa = a.resolve(e);
            if (Files.isRegularFile(fa, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                assertThat(Files.readAllBytes(b.resolve(e))).as(e).isEqualTo(Files.readAllBytes(fa));
            }
        }
    }

    private static List<String> relativeEntries(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.map(p -> root.relativize(p).toString()).sorted().toList();
        }
    }

    private static void overwrite(Path file, long position, byte[] bytes) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(bytes), position);
        }
    }

    private static byte[] random(long seed, int n) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }
}
