package org.pgknobs.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CPU lists as taskset writes them, and the busy share of a set of CPUs from /proc/stat's per-CPU lines. */
@Tag("unit")
class CpuSetTest {

    @TempDir
    Path dir;

    @Test
    void listsParseAsTasksetWritesThem() {
        assertThat(CpuSet.parse("0").cpus()).containsExactly(0);
        assertThat(CpuSet.parse("0-3").cpus()).containsExactly(0, 1, 2, 3);
        assertThat(CpuSet.parse(" 5,0-1 ,3").cpus()).containsExactly(0, 1, 3, 5);
        assertThat(CpuSet.parse("2-3,0").toString()).isEqualTo("0,2,3");
        for (String bad : new String[] {"", "a", "3-1", "-1", "1-2-3", "0,,1"}) {
            assertThatThrownBy(() -> CpuSet.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("no CPU number or range");
        }
        assertThat(CpuSet.parse("0-1").overlaps(CpuSet.parse("1,2"))).isTrue();
        assertThat(CpuSet.parse("0").overlaps(CpuSet.parse("1"))).isFalse();
        assertThat(CpuSet.parse("0-3").containsAll(CpuSet.parse("1,3"))).isTrue();
        assertThat(CpuSet.parse("0-1").containsAll(CpuSet.parse("1-2"))).isFalse();
        assertThatThrownBy(() -> new CpuSplit(CpuSet.parse("0-1"), CpuSet.parse("1"))).hasMessageContaining("overlap");
    }

    @Test
    void theOnlineCpusIncludeTheOnesThisProcessRunsOn() {
        CpuSet online = CpuSet.online();
        assertThat(online.size()).isGreaterThanOrEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(online.cpus()).isEqualTo(CpuTicks.readPerCpu().keySet());
    }

    @Test
    void aSetsBusyShareIsItsUsPlusSyOverItsTicks() throws Exception {
        // cpu user nice system idle iowait irq softirq steal guest guest_nice
        Path before = Files.writeString(dir.resolve("before"), """
                cpu  300 0 100 1600 0 0 0 0 0 0
                cpu0 100 0 50 850 0 0 0 0 0 0
                cpu1 200 0 50 750 0 0 0 0 0 0
                intr 1 2 3
                """);
        // over the window cpu0 is busy 90 of 100 ticks (80 user + 5 system + 5 irq), cpu1 20 of 100 (iowait is not busy)
        Path after = Files.writeString(dir.resolve("after"), """
                cpu  400 0 120 1680 10 5 0 0 0 0
                cpu0 180 0 55 860 0 5 0 0 0 0
                cpu1 220 0 50 820 10 0 0 0 0 0
                intr 1 2 3
                """);
        Map<Integer, CpuTicks> b = CpuTicks.readPerCpu(before);
        Map<Integer, CpuTicks> a = CpuTicks.readPerCpu(after);
        assertThat(b).containsOnlyKeys(0, 1);
        assertThat(CpuTicks.busyPercent(b, a, CpuSet.parse("0")).orElseThrow()).isCloseTo(90.0, offset(1e-9));
        assertThat(CpuTicks.busyPercent(b, a, CpuSet.parse("1")).orElseThrow()).isCloseTo(20.0, offset(1e-9));
        assertThat(CpuTicks.busyPercent(b, a, CpuSet.parse("0-1")).orElseThrow()).isCloseTo(55.0, offset(1e-9));
        assertThat(new CpuSplit(CpuSet.parse("0"), CpuSet.parse("1")).busyPercent(b, a))
                .containsExactly(Map.entry("server", 90.0), Map.entry("client", 20.0));
        // a CPU the readings lack, or no tick between them: no share rather than a made-up one
        assertThat(CpuTicks.busyPercent(b, a, CpuSet.parse("2"))).isEmpty();
        assertThat(CpuTicks.busyPercent(b, b, CpuSet.parse("0"))).isEmpty();
        assertThat(CpuTicks.readPerCpu(dir.resolve("none"))).isEmpty();
    }
}
