package org.pgknobs.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The /proc readers on this machine's real /proc, their parsers on lines as the kernel writes them, the fsync probe on a real file. */
@Tag("unit")
class HostReadersTest {

    @TempDir
    Path dir;

    @Test
    void parsesTheCpuLineAndLeavesOutIdleAndIowaitFromBusy() {
        CpuTicks t = CpuTicks.parse("cpu  100 5 50 800 40 3 2 0 0 0");
        assertThat(t.total()).isEqualTo(1000);
        assertThat(t.busy()).isEqualTo(160);
        assertThat(t.minus(CpuTicks.parse("cpu  50 5 25 400 20 1 1 0 0 0")).busy()).isEqualTo(78); // 160 − (50 + 5 + 25 + 1 + 1)
        assertThatThrownBy(() -> CpuTicks.parse("cpu0 1 2 3 4")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void machineTicksGrowWhileThisJvmWorks() {
        CpuTicks before = CpuTicks.read().orElseThrow();
        long self = ProcessCpu.treeTicks(ProcessCpu.self(), Set.of()).orElseThrow();
        burnUntilTicksMove(self);
        // /proc/stat's per-CPU counters can lag a process's own ticks by a tick: work on until they move too
        long deadline = System.nanoTime() + 60_000_000_000L;
        CpuTicks d = CpuTicks.read().orElseThrow().minus(before);
        while (d.busy() == 0 && System.nanoTime() < deadline) {
            burnUntilTicksMove(ProcessCpu.treeTicks(ProcessCpu.self(), Set.of()).orElseThrow());
            d = CpuTicks.read().orElseThrow().minus(before);
        }
        assertThat(d.total()).isPositive();
        assertThat(d.busy()).isPositive().isLessThanOrEqualTo(d.total());
    }

    @Test
    void parsesProcessStatEvenWithSpacesAndParenthesesInTheName() {
        String line = "4242 (postgres: a (b) c) S 17 4242 4242 0 -1 4194560 500 0 0 0 123 45 6 7 20 0 1 0 100 0 0";
        ProcessCpu.Stat s = ProcessCpu.parse(line);
        assertThat(s.pid()).isEqualTo(4242);
        assertThat(s.ppid()).isEqualTo(17);
        assertThat(s.ownTicks()).isEqualTo(168);
        assertThat(s.waitedChildrenTicks()).isEqualTo(13);
    }

    @Test
    void aProcessTreeCountsItsDescendantsAndLeavesOutExcludedSubtrees() {
        Map<Long, ProcessCpu.Stat> table = Map.of(
                1L, new ProcessCpu.Stat(1, 0, 10, 5),     // postmaster: own 10, exited backends 5
                2L, new ProcessCpu.Stat(2, 1, 20, 0),     // a backend
                3L, new ProcessCpu.Stat(3, 2, 7, 0),      // its child
                4L, new ProcessCpu.Stat(4, 99, 100, 0));  // another server's process: never counted
        assertThat(ProcessCpu.treeTicks(table, 1, Set.of())).contains(42L);
        assertThat(ProcessCpu.treeTicks(table, 1, Set.of(2L))).contains(15L);
        assertThat(ProcessCpu.treeTicks(table, 5, Set.of())).isEmpty();
    }

    @Test
    void realProcessTreesAreFoundInProc() throws Exception {
        Process child = new ProcessBuilder("sleep", "30").start();
        try {
            assertThat(ProcessCpu.treeTicks(ProcessCpu.self(), Set.of())).get().asInstanceOf(
                    org.assertj.core.api.InstanceOfAssertFactories.LONG).isPositive();
            assertThat(ProcessCpu.treeTicks(child.pid(), Set.of())).isPresent();
        } finally {
            child.destroy();
            child.waitFor();
        }
        assertThat(ProcessCpu.treeTicks(Long.MAX_VALUE, Set.of())).isEmpty();
    }

    @Test
    void fsyncProbeSyncsEveryMethodAndLeavesNoFile() throws IOException {
        for (String method : List.of("fdatasync", "fsync", "open_datasync", "open_sync")) {
            FsyncProbe.Result r = FsyncProbe.run(dir, method, Duration.ofMillis(200));
            assertThat(r.method()).isEqualTo(method);
            assertThat(r.ops()).as(method).isPositive();
            assertThat(r.opsPerSecond()).as(method).isPositive();
            assertThat(r.meanMs()).as(method).isPositive();
            assertThat(r.maxMs()).as(method).isGreaterThanOrEqualTo(r.meanMs());
        }
        try (var files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
    }

    /** Works until this JVM's own tick counter moves: an event, not a time window. */
    private static void burnUntilTicksMove(long start) {
        long x = 0;
        while (ProcessCpu.treeTicks(ProcessCpu.self(), Set.of()).orElseThrow() == start) {
            for (int i = 0; i < 1_000_000; i++) {
                x += i ^ x;
            }
        }
        assertThat(x).isNotEqualTo(Long.MIN_VALUE);
    }
}
