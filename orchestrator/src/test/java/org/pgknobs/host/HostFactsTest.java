package org.pgknobs.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.run.EnvironmentCapture;

/** The one /proc/meminfo reader (hostfacts.MemInfo, tested in the plugin) serves both the run's host record and the machine scaler. */
@Tag("unit")
class HostFactsTest {

    @TempDir
    Path dir;

    @Test
    void scalingReadsMemTotalInKibibytes() throws IOException {
        Path meminfo = Files.writeString(dir.resolve("meminfo"), "MemFree:  100 kB\nMemTotal:       16315340 kB\n");
        assertThat(HostFacts.memTotal(meminfo)).isEqualTo(16315340L * 1024);
    }

    @Test
    void aMissingLineIsAnErrorForScaling() throws IOException {
        Path empty = Files.writeString(dir.resolve("meminfo"), "MemFree: 1 kB\n");
        assertThatThrownBy(() -> HostFacts.memTotal(empty)).hasMessageContaining("MemTotal");
    }

    @Test
    void thisMachineReadsTheSameRamBothWays() {
        HostFacts facts = HostFacts.detect(dir.resolve("not/yet/created"));
        assertThat(facts.ramBytes()).isPositive();
        assertThat(facts.freeDiskBytes()).isPositive();
        assertThat(EnvironmentCapture.host().memoryBytes()).isEqualTo(facts.ramBytes());
    }
}
