package org.pgknobs.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.report.ResultDirReader;
import org.pgknobs.report.StepRun;
import org.pgknobs.results.StepStatus;
import org.pgknobs.testing.CliRun;
import org.pgknobs.testing.TinyRuns;

/**
 * The history over the shared tiny runs (read-only; the gate's runs are scaled copies): import records every finished
 * step once and again adds nothing, the view prints a step's series, and the gate exits 3 on a copy slowed beyond its
 * interval and 0 on one that is not.
 */
class HistoryFromRunsTest {

    @Test
    void importRecordsEveryFinishedStepOnceAndAgainAddsNothing(@TempDir Path dir) {
        Path article = TinyRuns.article().directory();
        Path sweep = TinyRuns.sweep().directory();
        String store = dir.resolve("history.sqlite").toString();
        // the run itself recorded its steps when it finished, in history.sqlite beside its results
        assertThat(TinyRuns.article().output()).contains("history: 7 step(s) of " + article.getFileName() + " recorded in ");
        assertThat(article.getParent().getParent().resolve(HistoryLocation.DEFAULT_FILE)).isRegularFile();

        CliRun.Result first = CliRun.execute("history", "import", article.toString(), sweep.toString(), "--history", store);
        assertThat(first.exitCode()).as(first.out() + first.err()).isZero();
        CliRun.Result again = CliRun.execute("history", "import", article.toString(), sweep.toString(), "--history", store);
        assertThat(again.exitCode()).as(again.out() + again.err()).isZero();
        // a step is recorded when every repeat of it is done (the sweep's a1 is rejected where PostgreSQL lacks lz4)
        Map<String, Long> articleSteps = finished(article);
        Map<String, Long> sweepSteps = finished(sweep);
        assertThat(articleSteps).hasSize(7);
        assertThat(sweepSteps).containsKeys("base", "a3", "a6").allSatisfy((step, repeats) -> assertThat(repeats).isEqualTo(2));
        assertThat(again.out()).contains(article + ": 7 finished step(s), known already, nothing added")
                .contains(sweep + ": " + sweepSteps.size() + " finished step(s), known already, nothing added");

        try (HistoryStore history = HistoryStore.open(new HistoryLocation(store))) {
            // the article: 7 steps of 1 repeat; the sweep: its finished steps of 2 repeats
            assertThat(history.counts()).isEqualTo(Map.of("history_run", 2, "history_step", 7 + sweepSteps.size(),
                    "history_value", 7 + 2 * sweepSteps.size()));
            List<StoredStep> steps = history.steps(null, null, null);
            assertThat(steps).allSatisfy(s -> {
                assertThat(s.run().postgresVersion()).matches("\\d+\\.\\d+");
                assertThat(s.run().pgknobsCommit()).isNotBlank();
                assertThat(s.run().workload()).contains("kind=");
                // a step that completed nothing in its window (the article's io-worker, tiny) is recorded at 0/s
                assertThat(s.step().values()).isNotEmpty().allSatisfy(v -> assertThat(v.value()).isNotNegative());
            });
            assertThat(steps.stream().filter(s -> s.step().step().equals("cache-2mb")).findFirst().orElseThrow()
                    .step().settings()).containsEntry("shared_buffers", "2MB");
        }

        CliRun.Result view = CliRun.execute("history", "--history", store, "--experiment", "insert-benchmark-cx7a",
                "--step", "a3");
        assertThat(view.exitCode()).as(view.err()).isZero();
        assertThat(view.out()).contains("insert-benchmark-cx7a / a3 / ").contains("first run").contains("median of 2");
    }

    @Test
    void aDirectoryWithoutSuiteJsonImportsFromItsStepFiles(@TempDir Path dir) throws Exception {
        // the oldest layout the report reads: steps/NN-name/step.json without a suite.json beside them
        Path old = TinyRuns.copy(TinyRuns.article().directory(), dir.resolve("2026-01-01T00-00-00"));
        java.nio.file.Files.delete(old.resolve("suite.json"));
        java.nio.file.Files.deleteIfExists(old.resolve("calibration.json"));  // that layout predates calibration
        try (HistoryStore history = HistoryStore.open(new HistoryLocation(dir.resolve("h.sqlite").toString()))) {
            RunEntry run = HistoryEntries.of(old);
            assertThat(run.steps()).hasSize(7);
            assertThat(run.facts().started()).as("the first step's start").isNotNull();
            assertThat(run.facts().calibration()).isNull();
            assertThat(history.record(run)).isEqualTo(14);
            assertThat(history.record(HistoryEntries.of(old))).isZero();
        }
    }

    /** Step → repeats, of the steps whose every repeat is done, from the report's reader. */
    private static Map<String, Long> finished(Path dir) {
        Map<String, List<StepRun>> by = ResultDirReader.read(dir).steps().stream()
                .collect(Collectors.groupingBy(StepRun::name));
        return by.entrySet().stream().filter(e -> e.getValue().stream().allMatch(r -> r.status() == StepStatus.DONE))
                .collect(Collectors.toMap(Map.Entry::getKey, e -> (long) e.getValue().size()));
    }

    @Test
    void theGateExits3OnAStepSlowerBeyondItsIntervalAnd0OnOneThatIsNot(@TempDir Path dir) {
        Path sweep = TinyRuns.sweep().directory();
        String store = dir.resolve("history.sqlite").toString();
        // a geometric mean of 1: the earlier runs centre on the tiny run itself
        CliRun.Result noStore = CliRun.execute("history", "check", sweep.toString(), "--history", store);
        assertThat(noStore.exitCode()).as("no history to check against is bad input: " + noStore.err()).isEqualTo(2);
        assertThat(noStore.err()).contains("no such file");
        assertThat(Path.of(store)).as("and nothing was created").doesNotExist();
        double[] earlier = {1.0, 1.04, 1 / 1.04};
        for (int i = 0; i < earlier.length; i++) {
            Path copy = ScaledCopies.copy(sweep, dir.resolve("earlier-" + i), "2026-11-0" + (i + 1) + "T00:00:00Z", earlier[i]);
            assertThat(CliRun.execute("history", "import", copy.toString(), "--history", store).exitCode()).isZero();
        }
        Path same = ScaledCopies.copy(sweep, dir.resolve("same"), "2026-11-05T00:00:00Z", 1.0);
        CliRun.Result pass = CliRun.execute("history", "check", same.toString(), "--history", store);
        assertThat(pass.exitCode()).as(pass.out() + pass.err()).isZero();
        assertThat(pass.out()).contains("base: slowdown ×").contains("no change detected")
                .contains("3 earlier run(s)").contains("gate: passed");

        // ten times slower: beyond the interval of any step whose repeats the tiny run measured with a usable spread
        Path slower = ScaledCopies.copy(sweep, dir.resolve("slower"), "2026-11-06T00:00:00Z", 0.1);
        CliRun.Result fail = CliRun.execute("history", "check", slower.toString(), "--history", store);
        assertThat(fail.exitCode()).as(fail.out() + fail.err()).isEqualTo(3);
        assertThat(fail.out()).contains("base: slowdown ×10.00 [").contains("SLOWER beyond its interval")
                .contains("calibration: this run none recorded").contains("gate: FAILED");

        CliRun.Result withinThreshold = CliRun.execute("history", "check", slower.toString(), "--history", store,
                "--threshold", "1000");
        assertThat(withinThreshold.exitCode()).as("a threshold above the slowdown: " + withinThreshold.out()).isZero();
        assertThat(withinThreshold.out()).contains("but the interval reaches below the threshold ×1000.0: passes");
    }
}
