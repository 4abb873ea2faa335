package org.pgknobs.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The readers both modules share, on files as the kernel writes them and on this machine's own. */
@Tag("unit")
class HostFactsReadersTest {

    @TempDir
    Path dir;

    @Test
    void memTotalIsKibibytesAndAMissingLineIsEmpty() throws IOException {
        Path meminfo = Files.writeString(dir.resolve("meminfo"), "MemFree:  100 kB\nMemTotal:       16315340 kB\n");
        assertThat(MemInfo.totalBytes(meminfo)).hasValue(16315340L * 1024);
        assertThat(MemInfo.totalBytes(Files.writeString(dir.resolve("short"), "MemFree: 1 kB\n"))).isEmpty();
        assertThat(MemInfo.totalBytes(dir.resolve("absent"))).isEmpty();
    }

    @Test
    void memAvailableIsItsOwnLineNotMemFree() throws IOException {
        Path meminfo = Files.writeString(dir.resolve("meminfo"),
                "MemTotal:       24684300 kB\nMemFree:          300000 kB\nMemAvailable:   23000000 kB\n");
        assertThat(MemInfo.availableBytes(meminfo)).hasValue(23000000L * 1024);
        assertThat(MemInfo.availableBytes(Files.writeString(dir.resolve("old"), "MemTotal: 1 kB\nMemFree: 1 kB\n")))
                .isEmpty();
    }

    @Test
    void cpuListsParseAsTasksetAndSysWriteThem() {
        assertThat(OnlineCpus.parse("0")).containsExactly(0);
        assertThat(OnlineCpus.parse("0-3")).containsExactly(0, 1, 2, 3);
        assertThat(OnlineCpus.parse(" 0,2-3\n")).containsExactly(0, 2, 3);
        assertThatThrownBy(() -> OnlineCpus.parse("3-1")).hasMessageContaining("'3-1'");
        assertThatThrownBy(() -> OnlineCpus.parse("a")).hasMessageContaining("'a'");
    }

    @Test
    void thisMachinesOnlineCpusAreTheOnesProcStatCounts() throws IOException {
        long inProcStat = Files.readAllLines(Path.of("/proc/stat")).stream()
                .filter(l -> l.matches("cpu\\d+ .*")).count();
        assertThat(OnlineCpus.read()).hasSize((int) inProcStat);
        assertThat(OnlineCpus.count()).isEqualTo(inProcStat).isGreaterThanOrEqualTo(Runtime.getRuntime().availableProcessors());
    }

    @Test
    void theKernelReleaseIsTheOneProcNames() throws IOException {
        assertThat(Kernel.release()).isEqualTo(Files.readString(Path.of("/proc/sys/kernel/osrelease")).strip());
    }
}
