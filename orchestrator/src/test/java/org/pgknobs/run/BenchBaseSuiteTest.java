package org.pgknobs.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.cli.Main;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;
import org.pgknobs.testing.CliRun;
import org.pgknobs.testing.SummaryFigures;
import org.pgknobs.testing.TinyRuns;
import org.pgknobs.workload.benchbase.FakeBenchBaseJar;

/** {@code pgknobs run --driver benchbase} through the suite runner, with a fake benchbase.jar. */
class BenchBaseSuiteTest {

    @TempDir
    Path dir;

    @Test
    void aStepRunByBenchBaseIsDoneWithItsFilesUnderTheBuiltInNamesAndItsFiguresInTheSummary() throws Exception {
        Path home = dir.resolve("benchbase");
        FakeBenchBaseJar.write(home);
        Path out = dir.resolve("results");
        // 1 s warm-up (the fake BenchBase paces itself), but a 5 s window: the summary's WAL MB must be positive, and the
        // fake's one backend reports its WAL to pg_stat_wal at most once a second; a 2 s window at load average ~45 closed
        // with 0 bytes. Observe off: the agent's pgstats.json is read here, no statements.json or profile.
        CliRun.Result r = CliRun.execute("run", TinyRuns.experiment("article-42000x.yaml").toString(), "--profile", "tiny",
                "--set", "workload.warmup=1s", "--set", "workload.duration=5s", "--set", "observe=[]",
                "--steps", "baseline", "--driver", "benchbase", "--benchbase-home", home.toString(), "--out", out.toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Main.OK);
        Path suite;
        try (Stream<Path> s = Files.find(out, 3, (p, a) -> p.getFileName().toString().equals("suite.json"))) {
            suite = s.findFirst().orElseThrow().getParent();
        }
        Path step = suite.resolve("steps/01-baseline");
        StepResult result = JsonFiles.read(step.resolve("step.json"), StepResult.class);
        assertThat(result.status()).isEqualTo(StepStatus.DONE);
        assertThat(result.workload().driver()).isEqualTo("benchbase");
        assertThat(result.workload().headline().completed()).isPositive();
        assertThat(step.resolve("tpcc.summary.json")).isRegularFile();
        assertThat(step.resolve("tpcc.raw.csv")).isRegularFile();
        assertThat(step.resolve("benchbase.log")).isRegularFile();
        assertThat(step.resolve("benchbase-config.xml")).content().doesNotContain("<password>");
        assertThat(step.resolve("benchbase-config.live.xml")).doesNotExist();
        // Only the agent inside BenchBase collects: the suite's own collector stays off for this driver.
        assertThat(step.resolve("pgstats.json")).isRegularFile();
        assertThat(Files.readString(step.resolve("benchbase.log"))).contains("pgknobs agent:");
        // The agent's one window is named "measure", BenchBase's phase "tpcc": the summary reads it all the same.
        SummaryFigures.assertShownAndAsInTheReport(suite, r.out());
    }
}
