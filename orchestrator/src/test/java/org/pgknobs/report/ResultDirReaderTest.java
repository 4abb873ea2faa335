package org.pgknobs.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteRecord;

@Tag("unit")
class ResultDirReaderTest {

    @TempDir
    Path dir;

    @Test
    void prefersTheUnprefixedFileThenTheOnlyPrefixedOne() throws Exception {
        Path preferred = dir.resolve("pgstats.json");
        assertThat(ResultDirReader.orOnly(preferred, ".pgstats.json")).isEqualTo(preferred);
        Files.writeString(dir.resolve("tpcc_2026.pgstats.json"), "{}");
        assertThat(ResultDirReader.orOnly(preferred, ".pgstats.json")).isEqualTo(dir.resolve("tpcc_2026.pgstats.json"));
        Files.writeString(dir.resolve("other.pgstats.json"), "{}");
        assertThat(ResultDirReader.orOnly(preferred, ".pgstats.json")).as("two candidates: none is guessed")
                .isEqualTo(preferred);
        Files.writeString(preferred, "{}");
        assertThat(ResultDirReader.orOnly(preferred, ".pgstats.json")).isEqualTo(preferred);
    }

    @Test
    void insertBenchSamplesNeverStandInForTpccSamples() throws Exception {
        Files.writeString(dir.resolve(ResultDirReader.INSERTBENCH_SAMPLES), "phase,second,ops,max_ms\n");
        Path tpcc = dir.resolve(ResultDirReader.TPCC_SAMPLES);
        assertThat(ResultDirReader.orOnly(tpcc, ".samples.csv")).isEqualTo(tpcc);
    }

    @Test
    void aStepThatNeverStartedIsReadWithItsSuiteStatusAndNoFigures() {
        StepRun s = ResultDirReader.readStep(dir, new SuiteRecord.Entry(3, "a7", 1, "steps/03-a7", StepStatus.SKIPPED,
                "suite interrupted"));
        assertThat(s.status()).isEqualTo(StepStatus.SKIPPED);
        assertThat(s.reason()).isEqualTo("suite interrupted");
        assertThat(s.measured()).isFalse();
        assertThat(s.stats()).isNull();
        assertThat(s.perSecond()).isEmpty();
    }
}
