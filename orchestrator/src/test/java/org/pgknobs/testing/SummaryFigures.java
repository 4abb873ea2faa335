package org.pgknobs.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.pgknobs.collector.Derived;
import org.pgknobs.collector.PgStatsFiles;
import org.pgknobs.collector.WindowStats;
import org.pgknobs.report.ReportData;
import org.pgknobs.report.ResultDirReader;
import org.pgknobs.report.SummaryTable;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.StepStatus;

/**
 * Checks that a run's summary (summary.md, and what the run printed) shows the collector's figures of
 * every done step, the same ones report.json (so report.md) and the step's pgstats.json hold.
 */
public final class SummaryFigures {

    /** summary.md's columns from "hit ratio" to "blocks read/s" (0 = "#"). */
    private static final int FIRST_STATS_COLUMN = 9;
    private static final int LAST_STATS_COLUMN = 14;

    private SummaryFigures() {
    }

    public static void assertShownAndAsInTheReport(Path suiteDir, String printed) {
        String summary;
        try {
            summary = Files.readString(suiteDir.resolve("summary.md"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertThat(printed).as("the printed summary is summary.md").contains(summary);
        ReportData report = JsonFiles.read(suiteDir.resolve("report.json"), ReportData.class);
        List<SummaryTable.Row> rows = ResultDirReader.summaryTable(suiteDir).rows().stream()
                .filter(r -> r.status() == StepStatus.DONE).toList();
        assertThat(rows).as("done steps in " + suiteDir).isNotEmpty();
        for (SummaryTable.Row row : rows) {
            String name = row.name();
            ReportData.Step step = report.runs().get(0).steps().stream().filter(s -> s.name().equals(name))
                    .findFirst().orElseThrow();
            Derived derived = window(suiteDir, name, report.runs().get(0).setup().headlinePhase()).derived();
            assertThat(row.server().hitRatio()).as(name + " hit ratio").isNotNull()
                    .isEqualTo(step.server().hitRatio()).isEqualTo(derived.clientHitRatio());
            assertThat(row.server().walMb()).as(name + " WAL MB").isPositive().isCloseTo(step.server().walMB(), within(1e-9))
                    .isCloseTo(derived.wal().bytes().total() / 1e6, within(1e-9));
            // completed checkpoints where the server counts them (17+), else timed + requested, as report.md's pair
            assertThat(row.server().checkpoints()).as(name + " checkpoints").isEqualTo(derived.checkpoints().done() != null
                    ? derived.checkpoints().done() : step.server().checkpointsTimed() + step.server().checkpointsRequested());
            assertThat(row.server().autovacuumRuns()).as(name + " autovacuum runs").isNotNull();
            assertThat(row.window().work()).as(name + " work done").isEqualTo(step.window().work());
            assertThat(row.window().work().rowsPerSecond()).as(name + " rows read/s").isPositive();
            String line = Arrays.stream(summary.split("\n"))
                    .filter(l -> l.startsWith("| " + row.index() + " | " + name + " |")).findFirst().orElseThrow();
            List<String> cells = Arrays.stream(line.split("\\|", -1)).skip(1).map(String::strip).toList();
            assertThat(cells.subList(FIRST_STATS_COLUMN, LAST_STATS_COLUMN + 1)).as(name + ": " + line)
                    .doesNotContain("–");
        }
    }

    /** The step's one collector window (the BenchBase agent names it "measure", the built-in route by phase). */
    private static WindowStats window(Path suiteDir, String step, String headline) {
        try (var dirs = Files.list(suiteDir.resolve("steps"))) {
            Path dir = dirs.filter(d -> d.getFileName().toString().endsWith("-" + step)).findFirst().orElseThrow();
            List<WindowStats> windows = PgStatsFiles.read(PgStatsFiles.json(dir, null)).windows();
            return windows.stream().filter(w -> w.phase().equals(headline)).findFirst()
                    .orElseGet(() -> {
                        assertThat(windows).as(step + ": one window").hasSize(1);
                        return windows.get(0);
                    });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
