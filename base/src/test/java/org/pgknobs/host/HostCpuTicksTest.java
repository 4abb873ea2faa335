package org.pgknobs.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
class HostCpuTicksTest {

    @TempDir
    Path dir;

    @Test
    void busyIsVmstatsUsPlusSy() throws Exception {
        Path stat = dir.resolve("stat");
        // cpu user nice system idle iowait irq softirq steal guest guest_nice
        Files.writeString(stat, "cpu  100 20 30 5000 70 4 6 9 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n");
        // us = 100 + 20, sy = 30 + 4 + 6; idle, iowait and steal are not busy
        assertThat(new HostCpuTicks(100, stat).busyMicros()).isEqualTo(160 * 10_000L);
    }

    @Test
    void anUnreadableStatFileGivesMinusOne() {
        assertThat(new HostCpuTicks(100, dir.resolve("none")).busyMicros()).isEqualTo(-1);
    }

    @Test
    void theRealProcStatIsReadable() {
        assertThat(HostCpuTicks.detect().busyMicros()).isPositive();
    }
}
