package org.pgknobs.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
class DiskStatsTest {

    @TempDir
    Path dir;

    @Test
    void readsTheCountersOfTheDeviceThatHoldsADirectory() throws Exception {
        long dev = ((Number) Files.getAttribute(dir, "unix:dev")).longValue();
        int major = (int) ((dev >>> 8) & 0xfff);
        int minor = (int) (dev & 0xff);
        Path proc = dir.resolve("diskstats");
        // major minor name reads merged sectors ms writes merged sectors ms ...
        Files.writeString(proc, "   7       0 loop0 1 2 3 4 5 6 7 8 0 0 0\n"
                + String.format(" %d %d disk0 100 0 800 0 40 0 1600 0 0 0 0%n", major, minor));
        DiskStats disk = DiskStats.forDirectory(dir, proc).orElseThrow();
        assertThat(disk.device()).isEqualTo("disk0");
        assertThat(disk.read()).contains(new DiskStats.Counters(100, 800 * 512L, 40, 1600 * 512L));
        Files.writeString(proc, String.format(" %d %d disk0 150 0 1000 0 41 0 1700 0 0 0 0%n", major, minor));
        DiskStats.Counters d = disk.read().orElseThrow().minus(new DiskStats.Counters(100, 800 * 512L, 40, 1600 * 512L));
        assertThat(d).isEqualTo(new DiskStats.Counters(50, 200 * 512L, 1, 100 * 512L));
    }

    @Test
    void aDirectoryWhoseDeviceIsNotListedHasNoFigures() throws Exception {
        Path proc = dir.resolve("diskstats");
        Files.writeString(proc, "   7       0 loop0 1 2 3 4 5 6 7 8 0 0 0\n");
        assertThat(DiskStats.forDirectory(dir, proc)).isEmpty();
        assertThat(DiskStats.forDirectory(dir.resolve("missing"), proc)).isEmpty();
    }
}
