package org.pgknobs.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.cli.Main;
import org.pgknobs.overlay.SettingsFile;
import org.pgknobs.results.AppliedSetting;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.SettingsRecord;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.server.Workspace;
import org.pgknobs.testing.CliRun;
import org.pgknobs.testing.SummaryFigures;
import org.pgknobs.testing.TinyRuns;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The article end to end on the embedded server with the tiny profile: every step runs, every setting
 * is verified, statistics and BenchBase-format results are on disk, the summary is printed; then
 * {@code --resume} finishes what is missing and nothing else.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ArticleSuiteTest {

    private static final List<String> STEPS = List.of("baseline", "cache-8mb", "cache-2mb", "autovacuum", "wal", "index", "io-worker");

    @Test
    @Order(1)
    void everyStepRunsWithAllSettingsVerifiedAndStatsOnDisk() throws Exception {
        TinyRuns.Run run = TinyRuns.article();
        assertThat(run.exitCode()).as(run.output()).isEqualTo(Main.OK);
        Path dir = run.directory();
        SuiteRecord suite = JsonFiles.read(dir.resolve("suite.json"), SuiteRecord.class);
        assertThat(suite.progress().status()).isEqualTo("done");
        assertThat(suite.steps()).extracting(SuiteRecord.Entry::name).containsExactlyElementsOf(STEPS);
        assertThat(suite.steps()).allSatisfy(e -> assertThat(e.status()).isEqualTo(StepStatus.DONE));
        assertThat(suite.environment().postgresVersion()).startsWith("PostgreSQL 18");

        Set<String> article = SettingsFile.load(TinyRuns.repoRoot().resolve("experiments/settings/article-32.yaml")).settings().keySet();
        assertThat(article).hasSize(32);
        Set<String> seen = new HashSet<>();
        for (SuiteRecord.Entry e : suite.steps()) {
            Path step = dir.resolve(e.dir());
            SettingsRecord settings = SettingsRecord.read(step.resolve("settings.json"));
            assertThat(settings.settings()).as(e.name()).allSatisfy(s -> assertThat(s.verified()).as(s.name()).isTrue());
            seen.addAll(settings.settings().stream().map(AppliedSetting::name).collect(Collectors.toSet()));
            assertThat(step.resolve("pgstats.json")).as(e.name()).isRegularFile();
            assertThat(step.resolve("pgstats.csv")).as(e.name()).isRegularFile();
            assertThat(step.resolve("tpcc.summary.json")).as(e.name()).isRegularFile();
            assertThat(step.resolve("step.json")).as(e.name()).isRegularFile();
        }
        assertThat(seen).containsAll(article);
        // The last step carries every setting of the article at once (cumulative mode).
        SettingsRecord last = SettingsRecord.read(dir.resolve(suite.steps().get(6).dir()).resolve("settings.json"));
        assertThat(last.settings().stream().map(AppliedSetting::name).collect(Collectors.toSet())).containsAll(article);

        assertThat(run.output()).contains("| 7 | io-worker |").contains("slowdown");
        assertThat(dir.resolve("summary.md")).content().contains("| 1 | baseline | done |");
        assertThat(dir.resolve("report.html")).isRegularFile();
        assertThat(dir.resolve("report.json")).isRegularFile();
        SummaryFigures.assertShownAndAsInTheReport(dir, run.output());
    }

    @Test
    @Order(2)
    void resumeOfAFinishedRunDoesNothing(@TempDir Path copies) throws Exception {
        Path dir = TinyRuns.copy(TinyRuns.article().directory(), copies.resolve("article"));
        long before = Files.getLastModifiedTime(dir.resolve("steps/01-baseline/step.json")).toMillis();
        CliRun.Result r = CliRun.execute("run", TinyRuns.experiment("article-42000x.yaml").toString(),
                "--profile", "tiny", "--resume", dir.toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Main.OK);
        assertThat(r.out()).contains("nothing to do");
        assertThat(Files.getLastModifiedTime(dir.resolve("steps/01-baseline/step.json")).toMillis()).isEqualTo(before);
    }

    @Test
    @Order(3)
    void resumeRerunsJustTheStepWhoseResultsAreGone(@TempDir Path copies) throws Exception {
        Path dir = TinyRuns.copy(TinyRuns.article().directory(), copies.resolve("article"));
        Path removed = dir.resolve("steps/05-wal");
        Workspace.delete(removed);
        long untouched = Files.getLastModifiedTime(dir.resolve("steps/04-autovacuum/step.json")).toMillis();
        CliRun.Result r = CliRun.execute("run", TinyRuns.experiment("article-42000x.yaml").toString(),
                "--profile", "tiny", "--resume", dir.toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Main.OK);
        assertThat(removed.resolve("step.json")).isRegularFile();
        // the six configurations whose steps finished started in the first run: only wal's is tried again
        assertThat(r.out()).contains("trial start of 1 server configuration before the load")
                .containsPattern("\n  wal +[0-9.]+ s  started");
        assertThat(JsonFiles.read(removed.resolve("step.json"), StepResult.class).status()).isEqualTo(StepStatus.DONE);
        assertThat(Files.getLastModifiedTime(dir.resolve("steps/04-autovacuum/step.json")).toMillis()).isEqualTo(untouched);
        assertThat(r.out()).contains("[5/7 wal] starting").doesNotContain("baseline] starting");
        assertThat(Optional.ofNullable(JsonFiles.read(dir.resolve("suite.json"), SuiteRecord.class).progress().status())).contains("done");
    }
}
