package org.pgknobs.report.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.cli.ReportFiles;
import org.pgknobs.experiment.yaml.ExperimentLoader;
import org.pgknobs.report.ReportData;
import org.pgknobs.results.SuiteLayout;
import org.pgknobs.testing.TinyRuns;

/**
 * The reproduction columns on the tiny article run (shared, no run of its own): every published step but
 * the baseline has a verdict, summary.md says how many were reproduced, a step that completed nothing
 * shows a bound and the work the server did instead of 0 and ∞, and nothing is divided by zero transactions.
 */
class ReproductionColumnsTest {

    @TempDir
    Path out;

    @Test
    void verdictsBoundsAndWorkDoneOnTheTinyArticleRun() throws Exception {
        Path run = TinyRuns.article().directory();
        ReportData.Run r = ReportFiles.write(List.of(run), out, Optional.empty()).runs().get(0);
        double baseline = r.steps().get(0).effect().throughput().median();
        // the window the tiny profile measures, in seconds, as the run resolved it
        double window = ExperimentLoader.load(new SuiteLayout(run).resolvedExperiment(), Optional.empty(), List.of())
                .workload().tpcc().duration().toMillis() / 1000.0;
        for (ReportData.Step s : r.steps()) {
            assertThat(s.window().machine()).as(s.name()).isNotNull();
            assertThat(s.window().work()).as(s.name() + ": pg_stat_database was collected").isNotNull();
            assertThat(s.window().work().rowsPerSecond()).as(s.name()).isPositive();
            if (s.name().equals("baseline")) {
                assertThat(s.effect().verdict()).isNull();
                continue;
            }
            assertThat(org.pgknobs.report.Verdict.ofLabel(s.effect().verdict())).as(s.name()).isNotNull();
            if (s.effect().throughput().median() == 0) {
                // fewer than one transaction per measured window: a bound, and the slowdown is at least base ÷ bound;
                // the bound is 1 / the window (a little less when the window ran long)
                assertThat(s.effect().throughputBelow()).isGreaterThan(0.5 / window).isLessThanOrEqualTo(1 / window + 1e-9);
                assertThat(s.effect().slowdown()).isCloseTo(baseline / s.effect().throughputBelow(), within(1e-6));
                assertThat(s.server().walKBPerTxn()).as(s.name() + ": no transaction, no per-transaction figure").isNull();
                assertThat(s.diagnosis().why()).noneMatch(w -> w.rule().equals("wal-per-transaction"));
            } else {
                assertThat(s.effect().throughputBelow()).isNull();
            }
        }
        String summary = Files.readString(run.resolve("summary.md"));
        assertThat(summary).contains("| verdict |").contains("failed (SQLSTATE")
                .containsPattern("\nVerdict: \\d of 6 published steps reproduced");
        // every step that completed nothing shows its bound in summary.md too
        assertThat(summary.lines().filter(l -> l.contains("(none in ")).count())
                .isEqualTo(r.steps().stream().filter(s -> s.effect().throughputBelow() != null).count());
    }
}
