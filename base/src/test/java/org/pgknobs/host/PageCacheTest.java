package org.pgknobs.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The kernel's own answers (fincore's mincore) on real files of a disk file system. */
@Tag("unit")
class PageCacheTest {

    private static final int MIB = 1 << 20;

    @TempDir
    Path dir;

    @Test
    void dropLeavesNothingCachedAndWarmCachesEveryLargeFile() throws Exception {
        assumeFalse(PageCache.inMemory(dir), "the temp dir is on tmpfs, whose pages cannot be dropped");
        Path tree = Files.createDirectories(dir.resolve("data/base/5"));
        write(tree.resolve("16384"), 2 * MIB);
        write(tree.resolve("16384.1"), 3 * MIB + 100);
        write(tree.resolve("PG_VERSION"), 3); // small: neither counted nor dropped
        long large = 2 * MIB + 3 * MIB + 100;
        assertThat(PageCache.largeFileBytes(dir.resolve("data"))).isEqualTo(large);

        new ProcessBuilder("sync").start().onExit().join(); // written pages are dirty, and dirty pages stay
        assertThat(PageCache.drop(dir.resolve("data"))).isTrue();
        assertThat(PageCache.cachedBytes(dir.resolve("data"))).hasValue(0);

        assertThat(PageCache.warm(dir.resolve("data"))).isEqualTo(large + 3);
        // fincore counts whole pages: the 100-byte tail is one page
        assertThat(PageCache.cachedBytes(dir.resolve("data")).getAsLong()).isBetween(large, large + 4096);
    }

    @Test
    void aMemoryFileSystemIsToldApartFromADisk() {
        assertThat(PageCache.inMemory(Path.of("/dev/shm"))).isEqualTo(Files.isDirectory(Path.of("/dev/shm")));
        assertThat(PageCache.inMemory(Path.of("/proc/self"))).isFalse();
    }

    private static void write(Path file, int bytes) throws IOException {
        byte[] b = new byte[bytes];
        new Random(bytes).nextBytes(b);
        Files.write(file, b);
    }
}
