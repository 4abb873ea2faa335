package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.history.HistoryLocation;
import org.pgknobs.history.HistoryStore;
import org.pgknobs.json.Json;
import org.pgknobs.testing.CliRun;
import org.pgknobs.testing.TinyRuns;

/**
 * A shard never writes a SQLite history (one writer); `pgknobs report` merging shards records them, once however
 * often it is run; --no-history leaves the store alone. On a copy of the tiny sweep tagged as shard 1 of 2.
 */
class HistoryMergeTest {

    @Test
    void aShardLeavesTheSqliteFileToTheMergeWhichRecordsItOnce(@TempDir Path dir) throws Exception {
        Path shard = TinyRuns.copy(TinyRuns.sweep().directory(), dir.resolve("shard").resolve("2026-12-04T00-00-00-shard1of2"));
        ObjectNode suite = (ObjectNode) Json.readTree(shard.resolve("suite.json"));
        ((ObjectNode) suite.path("tags")).put("shard", "1/2");
        Json.write(shard.resolve("suite.json"), suite);
        Path file = dir.resolve("history.sqlite");
        HistoryLocation location = new HistoryLocation(file.toString());

        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        HistoryRecording.record(Optional.of(location), List.of(shard), true,
                new PrintStream(printed, true, StandardCharsets.UTF_8));
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("not recorded by a shard");
        assertThat(file).doesNotExist();

        CliRun.Result skipped = CliRun.execute("report", shard.toString(), "--out", dir.resolve("r0").toString(),
                "--history", file.toString(), "--no-history");
        assertThat(skipped.exitCode()).as(skipped.err()).isZero();
        assertThat(file).doesNotExist();

        for (int i = 1; i <= 2; i++) {
            CliRun.Result merged = CliRun.execute("report", shard.toString(), "--out", dir.resolve("r" + i).toString(),
                    "--history", file.toString());
            assertThat(merged.exitCode()).as(merged.err()).isZero();
            assertThat(merged.out()).contains("history: ").contains(i == 1 ? "recorded" : "(0 new row(s))");
        }
        assertThat(Files.exists(file)).isTrue();
        try (HistoryStore store = HistoryStore.open(location)) {
            assertThat(store.counts().get("history_run")).isEqualTo(1);
            assertThat(store.steps(null, null, null)).isNotEmpty()
                    .allSatisfy(s -> assertThat(s.run().resultDir()).isEqualTo(shard.toAbsolutePath().normalize().toString()));
        }
    }
}
