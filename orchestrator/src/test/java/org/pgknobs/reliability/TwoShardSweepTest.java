package org.pgknobs.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.pgknobs.cli.Main;
import org.pgknobs.report.ReportData;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.testing.CliRun;
import org.pgknobs.testing.TinyRuns;

/**
 * The cx7a sweep (tiny profile, base and four variants) as --shard 1/2 and --shard 2/2: two processes
 * at once with work directories of their own, as two hosts would run them, merged by `report` into one
 * table holding every planned run exactly once plus each shard's base.
 */
class TwoShardSweepTest {

    private static final List<String> VARIANTS = List.of("a2", "a3", "a6", "a8");

    @Test
    void twoShardsRunAtOnceAndMergeIntoOneTableCoveringThePlan() throws Exception {
        try (Scratch scratch = Scratch.create("shrd")) {
            Path out = scratch.dir("out");
            // short work directories: a server socket path must stay under 108 bytes
            List<ChildRun> shards = new ArrayList<>();
            for (int i = 1; i <= 2; i++) {
                shards.add(ChildRun.start(scratch.root().resolve("shard" + i + ".log"), Map.of(), "run",
                        TinyRuns.experiment("insert-benchmark-cx7a.yaml").toString(), "--profile", "tiny",
                        "--steps", "base," + String.join(",", VARIANTS), "--shard", i + "/2",
                        // the file observes statements and perf profiles, which this test reads none of (TinyRuns'
                        // sweep and the profile tests cover them): each step would run perf and fold its stacks
                        "--set", "observe=[]",
                        // nor the trial start (TrialStartTest's subject): each step starts its configuration anyway
                        "--no-trial-start",
                        "--out", out.toString(), "--work-dir", scratch.dir("w" + i).toString()));
            }
            for (ChildRun shard : shards) {
                assertThat(shard.waitFor(900)).as(shard.output()).isEqualTo(Main.OK);
            }
            List<Path> dirs;
            try (Stream<Path> s = Files.list(out.resolve("insert-benchmark-cx7a"))) {
                // by shard, not by name: the shard that started a second later has the later timestamp
                dirs = s.sorted(java.util.Comparator.comparing(d -> d.getFileName().toString().replaceFirst(".*-shard", "")))
                        .toList();
            }
            assertThat(dirs).hasSize(2);
            List<String> held = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                SuiteRecord suite = Suites.suite(dirs.get(i));
                assertThat(dirs.get(i).getFileName().toString()).endsWith("-shard" + (i + 1) + "of2");
                assertThat(suite.tags().shard()).isEqualTo((i + 1) + "/2");
                assertThat(suite.tags().host()).isNotBlank();
                assertThat(suite.steps()).extracting(SuiteRecord.Entry::status).containsOnly(StepStatus.DONE);
                assertThat(suite.steps()).extracting(SuiteRecord.Entry::name).as("each shard runs the base").contains("base");
                suite.steps().forEach(e -> held.add(e.name()));
            }
            List<String> expected = new ArrayList<>(List.of("base", "base"));
            expected.addAll(VARIANTS);
            assertThat(held).as("every planned run once, the base once per shard").containsExactlyInAnyOrderElementsOf(expected);

            Path merged = scratch.dir("merged");
            CliRun.Result report = CliRun.execute("report", dirs.get(0).toString(), dirs.get(1).toString(),
                    "--out", merged.toString());
            assertThat(report.exitCode()).as(report.err()).isZero();
            ReportData data = JsonFiles.read(merged.resolve("report.json"), ReportData.class);
            assertThat(data.shards()).hasSize(1);
            ReportData.ShardTable table = data.shards().get(0);
            assertThat(table.hosts()).hasSize(2);
            assertThat(table.missing()).isEmpty();
            assertThat(table.duplicated()).isEmpty();
            assertThat(table.rows()).extracting(ReportData.ShardRow::step).containsExactly("base", "a2", "a3", "a6", "a8");
            for (ReportData.ShardRow row : table.rows()) {
                long hosts = row.perHost().stream().filter(v -> v != null).count();
                assertThat(hosts).as(row.step()).isEqualTo(row.base() ? 2 : 1);
                assertThat(row.combined()).as(row.step()).isPositive();
            }
            assertThat(table.baseSpread()).as("two hosts' bases compared").isNotNull();
            assertThat(Files.readString(merged.resolve("report.md")))
                    .contains("| step | 1/2 ", "| combined | host-to-host spread |", "Every planned run is here.");
        }
    }
}
