package org.pgknobs.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cgroup memory limit as the kernel writes it, v2 and v1, with and without a limit. */
@Tag("unit")
class MemoryLimitsTest {

    @TempDir
    Path dir;

    private Path write(String relative, String text) throws IOException {
        Path p = dir.resolve(relative);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return p;
    }

    @Test
    void aV2LimitOfTheOwnCgroupIsReadWithTheFileItCameFrom() throws IOException {
        Path meminfo = write("meminfo", "MemTotal:       24576000 kB\n");
        Path self = write("self-cgroup", "0::/user.slice/job-7\n");
        Path file = write("cg/user.slice/job-7/memory.max", "4294967296\n");

        MemoryLimits limits = MemoryLimits.read(meminfo, self, dir.resolve("cg"));

        assertThat(limits.ramBytes()).hasValue(24576000L * 1024);
        assertThat(limits.cgroupBytes()).hasValue(4294967296L);
        assertThat(limits.cgroupFile()).hasValue(file);
    }

    @Test
    void v2MaxAndV1sHugeNumberMeanNoLimitAndAV1LimitAtTheMountRootCounts() throws IOException {
        Path meminfo = write("meminfo", "MemTotal:       1000 kB\n");
        write("cg/memory.max", "max\n");
        Path unlimited = write("self-unlimited", "0::/\n4:memory:/a\n");
        write("cg/memory/a/memory.limit_in_bytes", "9223372036854771712\n");
        assertThat(MemoryLimits.read(meminfo, unlimited, dir.resolve("cg")).cgroupBytes()).isEmpty();

        // in a container the own v1 path is not visible: the mount's root is the container's cgroup
        Path hidden = write("self-hidden", "4:memory:/docker/abc\n");
        write("cg/memory/memory.limit_in_bytes", "2147483648\n");
        assertThat(MemoryLimits.read(meminfo, hidden, dir.resolve("cg")).cgroupBytes()).hasValue(2147483648L);
    }
}
