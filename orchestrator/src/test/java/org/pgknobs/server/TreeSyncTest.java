package org.pgknobs.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A restore that copies only what changed leaves the same tree as a whole copy: every way a server changes its data
 * directory (a write in place, one of the same size with its time set back, a new file, a removed one, a WAL segment
 * renamed over another, a new or removed directory, a changed link) is found, and nothing else is copied.
 */
@Tag("unit")
class TreeSyncTest {

    @TempDir
    Path dir;

    @Test
    void aChangedTreeIsMadeEqualToItsSourceCopyingOnlyWhatChanged() throws IOException {
        Path source = dir.resolve("snapshot");
        Files.createDirectories(source.resolve("base/1"));
        Files.createDirectories(source.resolve("pg_wal"));
        Files.createDirectories(source.resolve("gone"));
        file(source.resolve("base/1/table"), 300_000, 1);
        file(source.resolve("base/1/read-only"), 200_000, 2);
        file(source.resolve("base/1/same-size"), 50_000, 3);
        file(source.resolve("base/1/removed"), 1_000, 4);
        file(source.resolve("pg_wal/000000010000000000000001"), 64_000, 5);
        file(source.resolve("pg_wal/000000010000000000000002"), 64_000, 6);
        file(source.resolve("gone/file"), 10, 7);
        Files.createSymbolicLink(source.resolve("link"), Path.of("base/1"));
        Files.setPosixFilePermissions(source.resolve("base/1/read-only"), PosixFilePermissions.fromString("rw-------"));
        Path data = dir.resolve("data");
        TreeCopy.copy(source, data, 2);
        TreeStamps stamps = TreeStamps.of(data);
        long readOnlyInode = inode(data.resolve("base/1/read-only"));

        // a step's run, as the server (and a careless tool) would change the tree
        Files.write(data.resolve("base/1/table"), new byte[] {9}, StandardOpenOption.APPEND);
        FileTime before = Files.getLastModifiedTime(data.resolve("base/1/same-size"));
        file(data.resolve("base/1/same-size"), 50_000, 33);
        Files.setLastModifiedTime(data.resolve("base/1/same-size"), before);
        Files.delete(data.resolve("base/1/removed"));
        file(data.resolve("base/1/new"), 5_000, 8);
        Files.move(data.resolve("pg_wal/000000010000000000000001"), data.resolve("pg_wal/000000010000000000000002"),
                StandardCopyOption.REPLACE_EXISTING);
        Files.createDirectories(data.resolve("pg_stat_tmp/new"));
        file(data.resolve("pg_stat_tmp/new/f"), 100, 9);
        Files.delete(data.resolve("gone/file"));
        Files.delete(data.resolve("gone"));
        Files.delete(data.resolve("link"));
        Files.createSymbolicLink(data.resolve("link"), Path.of("elsewhere"));

        TreeSync.Synced synced = TreeSync.sync(source, data, stamps, 2);

        assertThat(contents(data)).isEqualTo(contents(source));
        assertThat(Files.readSymbolicLink(data.resolve("link"))).isEqualTo(Path.of("base/1"));
        assertThat(Files.getPosixFilePermissions(data.resolve("base/1/read-only")))
                .isEqualTo(PosixFilePermissions.fromString("rw-------"));
        assertThat(inode(data.resolve("base/1/read-only"))).as("an untouched file is kept, not copied")
                .isEqualTo(readOnlyInode);
        // table, same-size, removed, both WAL segments, gone/file
        assertThat(synced.copiedFiles()).isEqualTo(6);
        assertThat(synced.copiedBytes()).isEqualTo(300_000 + 50_000 + 1_000 + 64_000 + 64_000 + 10);
        assertThat(synced.keptBytes()).isEqualTo(200_000);
        assertThat(Files.getLastModifiedTime(data.resolve("base/1/table")))
                .isEqualTo(Files.getLastModifiedTime(source.resolve("base/1/table")));

        // stamps of the restored tree find a second round's change too
        TreeStamps again = TreeStamps.of(data);
        Files.write(data.resolve("base/1/read-only"), new byte[] {1}, StandardOpenOption.APPEND);
        assertThat(TreeSync.sync(source, data, again, 2).copiedFiles()).isEqualTo(1);
        assertThat(contents(data)).isEqualTo(contents(source));
    }

    private static void file(Path p, int size, long seed) throws IOException {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        Files.write(p, b);
    }

    private static long inode(Path p) throws IOException {
        return ((Number) Files.getAttribute(p, "unix:ino", LinkOption.NOFOLLOW_LINKS)).longValue();
    }

    /** Every entry's relative path with its bytes (files), target (links) or nothing (directories). */
    private static Map<String, String> contents(Path root) throws IOException {
        Map<String, String> all = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                String value = Files.isSymbolicLink(p) ? "-> " + Files.readSymbolicLink(p)
                        : Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? "dir"
                        : Integer.toHexString(java.util.Arrays.hashCode(Files.readAllBytes(p))) + " " + Files.size(p);
                all.put(root.relativize(p).toString(), value);
            }
        }
        return all;
    }
}
