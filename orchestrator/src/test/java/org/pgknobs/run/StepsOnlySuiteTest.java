package org.pgknobs.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.cli.Main;
import org.pgknobs.report.ReportData;
import org.pgknobs.report.ResultDirReader;
import org.pgknobs.report.SummaryTable;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.SettingsRecord;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.testing.CliRun;
import org.pgknobs.testing.TinyRuns;

/**
 * {@code --steps baseline,wal --steps-only} on the article: wal runs its own 12 settings on the base (17 with
 * observe's shared_preload_libraries, not the chain's 32), suite.json records why it is not the published step,
 * and the summary, report.md
 * and a later {@code pgknobs report} give it no published value and no verdict, saying why.
 */
class StepsOnlySuiteTest {

    private static final String WHY = "steps-only: 17 settings, not the chain's 32 (without cache-8mb, cache-2mb, autovacuum)";

    @TempDir
    Path dir;

    @Test
    void aStepsOnlyStepRunsItsOwnSettingsAndGetsNoPublishedValueNorVerdictWithTheReasonShown() throws Exception {
        Path out = dir.resolve("results");
        // what is read is the settings, the selection and the verdicts, not the figures: 1 s + 2 s at 30 tx/s (the other
        // test JVMs keep their CPU), and of observe only statements, whose shared_preload_libraries is one of the 17
        // (the profile's perf attach and fold would cost seconds per step and add no setting)
        CliRun.Result r = CliRun.execute("run", TinyRuns.experiment("article-42000x.yaml").toString(), "--profile", "tiny",
                "--set", "workload.warmup=1s", "--set", "workload.duration=2s", "--set", "workload.rate=30",
                "--set", "observe=[statements]", "--steps", "baseline,wal", "--steps-only", "--out", out.toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Main.OK);
        Path suite;
        try (Stream<Path> s = Files.find(out, 3, (p, a) -> p.getFileName().toString().equals("suite.json"))) {
            suite = s.findFirst().orElseThrow().getParent();
        }
        assertThat(SettingsRecord.read(suite.resolve("steps/02-wal/settings.json")).settings()).as("base 4 + wal 12 + observe's shared_preload_libraries").hasSize(17);
        SuiteRecord record = JsonFiles.read(suite.resolve("suite.json"), SuiteRecord.class);
        assertThat(record.selection().steps()).containsExactly("baseline", "wal");
        assertThat(record.selection().stepsOnly()).isTrue();
        assertThat(record.notPublished()).containsOnlyKeys("wal").containsEntry("wal", WHY);

        List<SummaryTable.Row> rows = ResultDirReader.summaryTable(suite).rows();
        SummaryTable.Row wal = rows.stream().filter(row -> row.name().equals("wal")).findFirst().orElseThrow();
        assertThat(wal.reference()).as("no published value").isNull();
        assertThat(wal.verdict()).isNull();
        String summary = Files.readString(suite.resolve("summary.md"));
        assertThat(r.out()).contains(summary);
        assertThat(summary).contains("Steps baseline, wal (--steps-only")
                .containsPattern("\\| 2 \\| wal \\| done \\|[^\\n]*\\| – \\| – \\| – \\(steps-only: not the published step\\) \\|")
                .contains("- wal: " + WHY + ": not the published step, so no published value and no verdict");

        assertVerdictSaysWhy(JsonFiles.read(suite.resolve("report.json"), ReportData.class), suite.resolve("report.md"));
        // rendered again later from the files only, the same
        Path again = dir.resolve("again");
        CliRun.Result report = CliRun.execute("report", suite.toString(), "--out", again.toString());
        assertThat(report.exitCode()).as(report.out() + report.err()).isEqualTo(Main.OK);
        assertVerdictSaysWhy(JsonFiles.read(again.resolve("report.json"), ReportData.class), again.resolve("report.md"));
    }

    private static void assertVerdictSaysWhy(ReportData data, Path reportMd) throws Exception {
        ReportData.Step wal = data.runs().get(0).steps().stream().filter(s -> s.name().equals("wal")).findFirst().orElseThrow();
        assertThat(wal.effect().published()).isNull();
        assertThat(wal.effect().publishedSlowdown()).isNull();
        assertThat(wal.effect().verdict()).isEqualTo("steps-only: not the published step");
        assertThat(Files.readString(reportMd)).containsPattern("\\| 2 \\| wal \\|[^\\n]*\\| - \\(steps-only: not the published step\\) \\|");
    }
}
