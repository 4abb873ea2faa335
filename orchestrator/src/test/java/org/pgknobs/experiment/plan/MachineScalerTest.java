package org.pgknobs.experiment.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.StepSpec;
import org.pgknobs.experiment.yaml.ExperimentLoader;
import org.pgknobs.host.HostFacts;

@Tag("unit")
class MachineScalerTest {

    private static final long GB = 1L << 30;

    @TempDir
    Path dir;

    private Experiment load(String profile) throws IOException {
        Path file = dir.resolve("s.yaml");
        Files.writeString(file, """
                name: s
                mode: variants
                server:
                  base: {shared_buffers: 70GB, max_wal_size: 70GB, wal_buffers: -1, work_mem: 64MB,
                         synchronous_commit: off, effective_cache_size: 1048576}
                steps:
                  - name: base
                  - name: a5
                    settings: {min_wal_size: 16384}
                  - name: a8
                    settings: {shared_buffers: 8GB}
                  - name: a13
                    settings: {wal_buffers: 64MB, max_wal_size: 1GB}
                    initdb: [--wal-segsize=256]
                profiles:
                  small:
                    scale: {ram: 120GB, disk: 2TB}
                """);
        return ExperimentLoader.load(file, Optional.ofNullable(profile), List.of());
    }

    @Test
    void scalesMemoryAndWalSizesByTheSmallerOfRamAndDiskRatios() throws IOException {
        // RAM ratio 12/120 = 0.1, disk ratio 1TB/2TB = 0.5: RAM decides.
        MachineScaler.Result r = MachineScaler.scale(load("small"), new HostFacts(12 * GB, 1024 * GB));
        assertThat(r.factor()).isEqualTo(0.1);
        assertThat(r.experiment().server().base())
                .containsEntry("shared_buffers", "7168MB")
                .containsEntry("max_wal_size", "7168MB")
                .containsEntry("effective_cache_size", "819MB")   // 1048576 pages of 8kB = 8GB
                .containsEntry("wal_buffers", -1)                 // automatic: left alone
                .containsEntry("work_mem", "64MB")                // not a scaled setting
                .containsEntry("synchronous_commit", "off");
        assertThat(r.experiment().steps().get(1).settings()).containsEntry("min_wal_size", "1638MB"); // plain MB
        assertThat(r.experiment().steps().get(2).settings()).containsEntry("shared_buffers", "819MB");
        assertThat(r.changes()).contains(new ScaledSetting("a8", "shared_buffers", "8GB", "819MB", 0.1));
    }

    @Test
    void readsValuesInTheOneSizeGrammarAndPlainNumbersInTheSettingsUnit() {
        assertThat(MachineScaler.bytes("8GB", 8192)).hasValue(8 * GB);
        assertThat(MachineScaler.bytes(" 512 kB", 8192)).hasValue(512L * 1024);
        assertThat(MachineScaler.bytes(1048576, 8192)).hasValue(8 * GB);
        assertThat(MachineScaler.bytes("-1", 8192)).isEmpty();
        assertThat(MachineScaler.bytes("auto", 8192)).isEmpty();
    }

    @Test
    void diskDecidesWhenItIsTheTighterRatio() throws IOException {
        MachineScaler.Result r = MachineScaler.scale(load("small"), new HostFacts(60 * GB, 41 * GB));
        assertThat(r.factor()).isEqualTo(41.0 / 2048);
        assertThat(r.experiment().server().base()).containsEntry("shared_buffers", "1435MB");
    }

    @Test
    void neverGoesBelowPostgresMinimumsIncludingTwoWalSegmentsOfTheStepsCluster() throws IOException {
        MachineScaler.Result r = MachineScaler.scale(load("small"), new HostFacts(GB / 8, 1024 * GB));
        StepSpec a13 = r.experiment().steps().get(3);
        assertThat(a13.settings()).containsEntry("max_wal_size", "512MB");  // 2 × 256MB segments
        assertThat(r.experiment().steps().get(1).settings()).containsEntry("min_wal_size", "32MB"); // 2 × 16MB
        assertThat(a13.settings()).containsEntry("wal_buffers", "32kB");
    }

    @Test
    void neverScalesUpAndLeavesExperimentsWithoutScaleAlone() throws IOException {
        MachineScaler.Result big = MachineScaler.scale(load("small"), new HostFacts(512 * GB, 8192 * GB));
        assertThat(big.factor()).isEqualTo(1.0);
        assertThat(big.experiment().server().base()).containsEntry("shared_buffers", "71680MB");
        Experiment plain = load(null);
        MachineScaler.Result none = MachineScaler.scale(plain, new HostFacts(GB, GB));
        assertThat(none.experiment()).isSameAs(plain);
        assertThat(none.changes()).isEmpty();
    }
}
