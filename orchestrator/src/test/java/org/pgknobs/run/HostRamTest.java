package org.pgknobs.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.host.HostFacts;

/** The one /proc/meminfo reader serves both the run's host record and the machine scaler. */
@Tag("unit")
class HostRamTest {

    @TempDir
    Path dir;

    @Test
    void thisMachineReadsTheSameRamBothWays() {
        HostFacts facts = HostFacts.detect(dir.resolve("not/yet/created"));
        assertThat(facts.ramBytes()).isPositive();
        assertThat(facts.freeDiskBytes()).isPositive();
        assertThat(EnvironmentCapture.host().memoryBytes()).isEqualTo(facts.ramBytes());
    }
}
