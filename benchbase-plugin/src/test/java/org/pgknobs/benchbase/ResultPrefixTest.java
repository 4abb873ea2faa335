package org.pgknobs.benchbase;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** This run's BenchBase prefix: the newest summary written since the run began, never an older run's. */
@Tag("unit")
class ResultPrefixTest {

    @TempDir
    Path dir;

    @Test
    void prefixIsTakenFromTheNewestSummaryOfThisRun() throws Exception {
        Path old = dir.resolve("tpcc_2025-01-01_00-00-00.summary.json");
        Files.writeString(old, "{}");
        Files.setLastModifiedTime(old, java.nio.file.attribute.FileTime.fromMillis(1_000_000));
        assertThat(ResultPrefix.newest(dir, System.currentTimeMillis())).isEmpty();
        Files.writeString(dir.resolve("tpcc_2026-11-30_10-00-00.summary.json"), "{}");
        Files.writeString(dir.resolve("tpcc_2026-11-30_10-00-00.raw.csv"), "");
        assertThat(ResultPrefix.newest(dir, System.currentTimeMillis() - 5000)).contains("tpcc_2026-11-30_10-00-00");
        assertThat(ResultPrefix.newest(dir.resolve("missing"), 0)).isEmpty();
    }
}
