package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.collector.PgStatsFiles;
import org.pgknobs.testing.CliRun;

class BenchSamplerCommandTest {

    @Test
    void printsTpsWithSamplerOffAndOnAndTheirRatioAsTheLastLine(@TempDir Path dir) throws Exception {
        // no warm-up: the test reads that both runs completed transactions and how the JSON matches the files, not
        // their speed; the 2 s keep two rounds of the 1 s sampler in the "on" run
        CliRun.Result r = CliRun.execute("bench", "sampler", "--warehouses", "1", "--terminals", "1",
                "--duration", "2s", "--warmup", "0s", "--pairs", "1", "-d", dir.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        String[] lines = r.out().strip().split("\\R");
        JsonNode json = new ObjectMapper().readTree(lines[lines.length - 1]);
        double off = json.get("tps_sampler_off").get(0).asDouble();
        double on = json.get("tps_sampler_on").get(0).asDouble();
        assertThat(off).isPositive();
        assertThat(on).isPositive();
        assertThat(json.get("ratio_on_off").asDouble()).isCloseTo(on / off, org.assertj.core.data.Offset.offset(0.01));
        // Only the "on" run has collector output; its own cost per round is what the JSON reports.
        assertThat(dir.resolve("off-1/pgstats.json")).doesNotExist();
        double mean = PgStatsFiles.read(dir.resolve("on-1/pgstats.json")).collector().meanMs();
        assertThat(json.get("snapshot_round_ms_mean").asDouble()).isCloseTo(mean, org.assertj.core.data.Offset.offset(0.001));
    }
}
