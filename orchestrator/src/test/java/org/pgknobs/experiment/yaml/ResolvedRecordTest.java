package org.pgknobs.experiment.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.BadInputException;

/**
 * A result directory written before {@code allow:} existed may record a gated setting with no allowance: the
 * report still reads it (nothing runs from a record), while running the same file is still refused.
 */
@Tag("unit")
class ResolvedRecordTest {

    @TempDir
    Path dir;

    @Test
    void aRecordedGatedSettingReadsAsARecordButDoesNotRun() throws IOException {
        Path resolved = dir.resolve("experiment.resolved.yaml");
        Files.writeString(resolved, """
                name: old-run
                mode: variants
                server:
                  base:
                    archive_mode: "on"
                    archive_command: "touch /tmp/pgk_never_%f"
                workload: {kind: tpcc, warehouses: 1, terminals: 2, warmup: 1s, duration: 2s}
                steps:
                  - name: base
                """);
        assertThatThrownBy(() -> ExperimentLoader.load(resolved, Optional.empty(), List.of()))
                .isInstanceOf(BadInputException.class).hasMessageContaining("archive_command");
        assertThat(ExperimentLoader.loadRecord(resolved).server().base()).containsKey("archive_command");
    }

    /**
     * A result directory written while a file's {@code allow:} still granted (before trust) records that line in its
     * resolved file: the report reads it as before, while running that file now needs the user's grant.
     */
    @Test
    void aRecordThatAllowedItselfStillReadsButTheFileNoLongerGrantsItself() throws IOException {
        Path resolved = dir.resolve("experiment.resolved.yaml");
        Files.writeString(resolved, """
                name: old-allowed-run
                mode: variants
                allow: [commands]
                server:
                  initdb: [--data-checksums]
                  base:
                    archive_mode: "on"
                    archive_command: "touch /tmp/pgk_never_%f"
                workload: {kind: tpcc, warehouses: 1, terminals: 2, warmup: 1s, duration: 2s}
                steps:
                  - name: base
                """);
        var record = ExperimentLoader.loadRecord(resolved);
        assertThat(record.server().base()).containsEntry("archive_command", "touch /tmp/pgk_never_%f");
        assertThat(record.allow()).extracting(k -> k.word()).containsExactly("commands");
        assertThatThrownBy(() -> ExperimentLoader.load(resolved, Optional.empty(), List.of()))
                .isInstanceOf(BadInputException.class).hasMessageContaining("grants nothing by itself");
    }
}
