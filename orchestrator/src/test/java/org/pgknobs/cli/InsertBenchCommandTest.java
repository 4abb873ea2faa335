package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
        // Row counts that are not multiples of the batch sizes: as iibench.py, whole batches (rounds = ceil).
        int exit = Main.execute("insertbench", "--profile", "tiny", "--clients", "1", "--initial-rows", "1050",
                "--i1-rows", "75", "--i2-rows", "7", "--query-seconds", "1", "--query-rates", "100", "--out", out.toString());
        assertThat(exit).isEqualTo(Main.OK);
        JsonNode phases = new ObjectMapper().readTree(out.resolve("insertbench.phases.json").toFile()).get("phases");
        assertThat(phases.get(0).get("name").asText()).isEqualTo("l.i0");
        assertThat(phases.get(0).get("completed").asLong()).isEqualTo(1100);
        assertThat(phases.get(0).get("details").get("requests").asLong()).isEqualTo(11);
        assertThat(phases.get(2).get("details").get("rowsInserted").asLong()).isEqualTo(100);
        assertThat(phases.get(2).get("details").get("rowsDeleted").asLong()).isEqualTo(100);
        assertThat(phases.get(3).get("details").get("rowsDeleted").asLong()).isEqualTo(10);
        assertThat(out.resolve("insertbench.samples.csv")).exists();
        List<String> summary = Files.readAllLines(out.resolve("insertbench.summary.txt"));
        assertThat(summary).hasSize(1 + 6).anyMatch(l -> l.startsWith("qp100") && l.matches(".*(met|MISSED) [0-9.]+/100 .*"));
    }

    @Test
    void rejectsBadSizesBeforeStartingAServer() {
        assertThat(Main.execute("insertbench", "--clients", "0", "--out", dir.resolve("x").toString()))
                .isEqualTo(Main.BAD_INPUT);
        assertThat(Main.execute("insertbench", "--profile", "huge")).isEqualTo(Main.BAD_INPUT);
        assertThat(dir.resolve("x")).doesNotExist();
    }
}
