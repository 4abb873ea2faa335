package org.pgknobs.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.report.ReportData;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.SuiteLayout;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.testing.CliRun;
import org.pgknobs.testing.TinyRuns;

/**
 * The article's tiny profile on PostgreSQL 16, 17 and 18 (the embedded builds), baseline and io-worker
 * with its own settings alone (--steps-only; the chain's io-worker also carries autovacuum_vacuum_max_threshold,
 * new in 18): io_method exists only from 18, so io-worker is not applicable on 16 and 17, with the reason, and runs
 * on 18; the versions table lists all three.
 */
class VersionsSuiteTest {

    @TempDir
    Path out;

    @Test
    void ioWorkerIsNotApplicableBefore18AndTheVersionTableListsAllThree() throws Exception {
        // 1 s + 2 s windows, not the profile's 2 s + 5 s: the test reads statuses and that each version measured
        // some throughput, which 30 tx/s give in any window (throttled: an unthrottled window burns both cores that
        // the other test JVMs share); observe off: nothing here reads statements.json or a profile, and perf's attach
        // and fold cost seconds per step
        CliRun.Result r = CliRun.execute("run", TinyRuns.experiment("article-42000x.yaml").toString(), "--profile", "tiny",
                "--set", "workload.warmup=1s", "--set", "workload.duration=2s", "--set", "workload.rate=30",
                "--set", "observe=[]",
                "--steps", "baseline,io-worker", "--steps-only", "--pg-versions", "16,17,18", "--out", out.toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
        assertThat(r.out().split("trial start of ", -1)).as("one trial start per version: 17's and 18's, made up front "
                + "before 16 loads, are carried into their suites, not made again").hasSize(4);
        List<Path> dirs;
        try (Stream<Path> s = Files.list(out.resolve("article-42000x"))) {
            dirs = s.sorted().toList();
        }
        assertThat(dirs).extracting(d -> d.getFileName().toString().replaceFirst(".*-", ""))
                .containsExactlyInAnyOrder("pg16", "pg17", "pg18", "versions");
        for (int major : List.of(16, 17, 18)) {
            Path dir = dirs.stream().filter(d -> d.getFileName().toString().endsWith("-pg" + major)).findFirst().orElseThrow();
            SuiteRecord suite = JsonFiles.read(new SuiteLayout(dir).suiteJson(), SuiteRecord.class);
            assertThat(suite.tags().pgMajor()).isEqualTo(major);
            assertThat(suite.trialStarts()).as("each suite records its version's trial starts").isNotEmpty()
                    .allSatisfy(t -> assertThat(t.started()).isTrue());
            assertThat(suite.environment().postgresVersion()).as("ran on its own build").contains("PostgreSQL " + major + ".");
            SuiteRecord.Entry ioWorker = suite.steps().stream().filter(e -> e.name().equals("io-worker")).findFirst().orElseThrow();
            if (major < 18) {
                assertThat(ioWorker.status().json()).isEqualTo("n/a");
                assertThat(ioWorker.reason()).isEqualTo("not applicable on " + major + ": no such settings io_method, io_workers");
                assertThat(dir.resolve("steps/02-io-worker/settings.json")).as("never sent to the server").doesNotExist();
            } else {
                assertThat(ioWorker.status().json()).isEqualTo("done");
            }
        }
        Path combined = dirs.stream().filter(d -> d.getFileName().toString().endsWith("-versions")).findFirst().orElseThrow();
        ReportData data = JsonFiles.read(combined.resolve("report.json"), ReportData.class);
        assertThat(data.versions().versions()).containsExactly(16, 17, 18);
        assertThat(data.versions().reference()).isEqualTo(18);
        ReportData.VersionRow io = data.versions().rows().stream().filter(v -> v.step().equals("io-worker")).findFirst().orElseThrow();
        assertThat(io.cells()).extracting(ReportData.VersionCell::status).containsExactly("n/a", "n/a", "done");
        assertThat(io.cells().get(2).throughput()).isPositive();
        ReportData.VersionRow base = data.versions().rows().get(0);
        assertThat(base.cells()).allSatisfy(c -> assertThat(c.throughput()).isPositive());
        assertThat(base.cells().get(0).ratioToReference()).isEqualTo(base.cells().get(0).throughput() / base.cells().get(2).throughput());
        assertThat(Files.readString(combined.resolve("report.md")))
                .contains("| step | PostgreSQL 16 | PostgreSQL 17 | PostgreSQL 18 |")
                .contains("io-worker on 16: n/a, not applicable on 16: no such settings io_method, io_workers");
    }
}
