package org.pgknobs.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.pgknobs.cli.Main;
import org.pgknobs.report.ResultDirReader;
import org.pgknobs.report.SummaryTable;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.testing.TinyRuns;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The insert-benchmark sweep end to end with the tiny profile, base and three variants: a1 asks for
 * lz4, which the embedded build lacks, so it is recorded as not supported and the sweep goes on; a6 runs
 * on its own cluster initdb'ed with 256 MB WAL segments.
 */
class SweepSuiteTest {

    @Test
    void baseAndVariantsRunAndUnsupportedLz4IsRecordedNotFatal() {
        TinyRuns.Run run = TinyRuns.sweep();
        assertThat(run.exitCode()).as(run.output()).isEqualTo(Main.OK);
        SuiteRecord suite = JsonFiles.read(run.directory().resolve("suite.json"), SuiteRecord.class);
        assertThat(suite.steps()).extracting(SuiteRecord.Entry::name).containsExactly("base", "a1", "a3", "a6", "base", "a1", "a3", "a6"); // 2 repeats, interleaved
        assertThat(suite.steps()).filteredOn(e -> !e.name().equals("a1"))
                .allSatisfy(e -> assertThat(e.status()).as(e.name()).isEqualTo(StepStatus.DONE));
        SuiteRecord.Entry a1 = suite.steps().get(1);
        assertThat(a1.status()).isEqualTo(StepStatus.REJECTED);
        assertThat(a1.reason()).contains("not supported by this server build").contains("lz4").contains("pglz");

        for (SuiteRecord.Entry e : suite.steps()) {
            if (e.status() != StepStatus.DONE) {
                continue;
            }
            Path step = run.directory().resolve(e.dir());
            StepResult result = JsonFiles.read(step.resolve("step.json"), StepResult.class);
            assertThat(result.workload().headlinePhase()).isEqualTo("l.i1");
            assertThat(result.workload().headline().throughput()).as(e.name()).isPositive();
            assertThat(step.resolve("insertbench.phases.json")).isRegularFile();
            assertThat(step.resolve("pgstats.json")).isRegularFile();
        }
        assertThat(run.output()).contains("÷ base");
    }

    /**
     * Every row's "÷ base" is the one point estimate of the step's comparison, as report.json's verdict model holds it
     * (the ratio of geometric means its interval is built around), with the model's mark and its interval, the same on
     * each of the step's repeat rows; the base, compared with nothing, prints none.
     */
    @Test
    void theSummaryPrintsTheModelsPointEstimateOnEveryRowOfAStep() throws IOException {
        TinyRuns.Run run = TinyRuns.sweep();
        List<SummaryTable.Row> rows = ResultDirReader.summaryTable(run.directory()).rows();
        org.pgknobs.report.ReportData.Run report = JsonFiles.read(run.directory().resolve("report.json"),
                org.pgknobs.report.ReportData.class).runs().get(0);
        String phase = report.reference() == null ? report.setup().headlinePhase() : report.reference().phase();
        java.util.Map<String, org.pgknobs.report.ReportData.RelativeRow> model = new java.util.HashMap<>();
        report.sweep().stream().filter(t -> t.phase().equals(phase)).findFirst().orElseThrow().rows()
                .forEach(r -> model.put(r.step(), r));
        List<String[]> printed = Files.readAllLines(run.directory().resolve("summary.md")).stream()
                .filter(l -> l.matches("\\| [0-9.]+ \\|.*")).map(l -> l.split("\\|")).toList();
        List<SummaryTable.Row> measured = rows.stream().filter(r -> r.throughput() != null).toList();
        assertThat(measured).hasSizeGreaterThanOrEqualTo(4);
        for (SummaryTable.Row r : measured) {
            String index = r.index() + (r.repeat() > 1 ? "." + r.repeat() : "");
            String[] cells = printed.stream().filter(c -> c[1].trim().equals(index)).findFirst().orElseThrow();
            org.pgknobs.report.ReportData.RelativeRow m = model.get(r.name());
            if (m == null || m.relative() == null) {
                assertThat(cells[6].trim()).as(index + " " + r.name()).isEqualTo("–");
                continue;
            }
            // "**0.79 ▼** [0.74–0.84]": the model's estimate, its mark where it has one, its interval
            String cell = cells[6].trim();
            assertThat(cell.replace("**", "").split(" ")[0]).as(index + " " + r.name() + ": " + cell)
                    .isEqualTo(String.format(Locale.ROOT, "%.2f", m.relative()));
            assertThat(cell.contains("▼") || cell.contains("▲")).as(index + " " + r.name() + ": " + cell)
                    .isEqualTo(m.mark() != null && m.mark().shown());
            if (m.interval() != null && m.interval().present()) {
                assertThat(cell).as(index + " " + r.name()).endsWith("]");
            }
            if (m.interval() != null && m.interval().ratio() != null) {
                assertThat(m.relative()).as(r.name() + ": the interval's estimate").isEqualTo(m.interval().ratio());
            }
        }
    }

    @Test
    void a6RunsOnAClusterWith256MbWalSegments() {
        TinyRuns.Run run = TinyRuns.sweep();
        SuiteRecord suite = JsonFiles.read(run.directory().resolve("suite.json"), SuiteRecord.class);
        Path a6 = run.directory().resolve(suite.steps().get(3).dir());
        org.pgknobs.collector.PgStats stats = org.pgknobs.collector.PgStatsFiles.read(a6.resolve("pgstats.json"));
        assertThat(stats.environment().settings()).containsEntry("wal_segment_size", "268435456 B");
        Path base = run.directory().resolve(suite.steps().get(0).dir());
        assertThat(org.pgknobs.collector.PgStatsFiles.read(base.resolve("pgstats.json")).environment().settings())
                .containsEntry("wal_segment_size", "16777216 B");
    }
}
