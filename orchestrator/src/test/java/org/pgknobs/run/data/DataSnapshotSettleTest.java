package org.pgknobs.run.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.host.PageCache;

/** After a copy, the data directory is all in the page cache: what every step starts from. */
@Tag("unit")
class DataSnapshotSettleTest {

    @TempDir
    Path dir;

    @Test
    void theDataIsReadInUntilAllOfItIsCached() throws IOException {
        assumeFalse(PageCache.inMemory(dir), "the temp dir is on tmpfs, whose pages cannot be dropped");
        Path data = Files.createDirectories(dir.resolve("data"));
        for (String name : new String[] {"a", "b"}) {
            byte[] b = new byte[4 << 20];
            new Random(name.hashCode()).nextBytes(b);
            Files.write(data.resolve(name), b);
        }
        // as a copy that left the data out of the cache
        new ProcessBuilder("sync").start().onExit().join();
        PageCache.drop(data);

        DataSnapshot.CacheSettle settle = DataSnapshot.settle(data);

        assertThat(settle.dataBytes()).isEqualTo(8 << 20);
        assertThat(settle.cachedAfterCopy()).hasValue(0);
        assertThat(settle.cachedAfterSettle()).hasValue(8 << 20);
        assertThat(settle.passes()).isEqualTo(1);
        assertThat(PageCache.cachedBytes(data)).hasValue(8 << 20);
        assertThat(settle.withCopy(2.5, 0).describe())
                .startsWith("copy 2.5 s; page cache ")
                .endsWith(": data 0.0 of 0.0 GB cached after the copy, 0.0 after 1 read");

        // all cached already: nothing to read
        assertThat(DataSnapshot.settle(data).passes()).isZero();
    }

    @Test
    void aTmpfsDataDirectoryIsLeftAlone() throws IOException {
        Path shm = Path.of("/dev/shm");
        assumeFalse(!Files.isDirectory(shm) || !PageCache.inMemory(shm), "no tmpfs at /dev/shm");
        Path data = Files.createTempDirectory(shm, "settle");
        try {
            DataSnapshot.CacheSettle settle = DataSnapshot.settle(data);
            assertThat(settle.inMemoryFs()).isTrue();
            assertThat(settle.withCopy(1, 0).describe())
                    .isEqualTo("copy 1.0 s; data on a memory file system, no page cache to settle");
        } finally {
            Files.delete(data);
        }
    }
}
