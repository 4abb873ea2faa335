package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InsertBenchCommandTest {

    @TempDir
    Path dir;

    @Test
    void runsATinyBenchmarkOnAFreshEmbeddedServerAndWritesItsFiles() throws Exception {
        Path out = dir.resolve("ib");
        int exit = Main.execute("insertbench", "--profile", "tiny", "--clients", "1", "--query-seconds", "1",
                "--query-rates", "100", "--out", out.toString());
        assertThat(exit).isEqualTo(Main.OK);
        assertThat(out.resolve("insertbench.phases.json")).exists();
        assertThat(out.resolve("insertbench.samples.csv")).exists();
        List<String> summary = Files.readAllLines(out.resolve("insertbench.summary.txt"));
        assertThat(summary).hasSize(1 + 6).anyMatch(l -> l.startsWith("qp100") && l.contains("met"));
    }

    @Test
    void rejectsBadSizesBeforeStartingAServer() {
        assertThat(Main.execute("insertbench", "--clients", "0", "--out", dir.resolve("x").toString()))
                .isEqualTo(Main.BAD_INPUT);
        assertThat(Main.execute("insertbench", "--profile", "huge")).isEqualTo(Main.BAD_INPUT);
        assertThat(dir.resolve("x")).doesNotExist();
    }
}
