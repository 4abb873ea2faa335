package org.pgknobs.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.cli.Main;
import org.pgknobs.testing.CliRun;

/**
 * The history across real runs (issue 47): six runs of one variants file, the last three after its step set
 * {@code commit_delay} to 100 ms with {@code commit_siblings: 0}, so that every commit that flushes WAL sleeps first.
 * Each run records itself in its results root's history. {@code history changes} finds the change at run 4 and names
 * the setting; the gate fails run 4 across settings (exit 3, the setting named), passes it by default (a changed file
 * starts a new series: nothing to compare, and it says how to compare), and passes run 6 against runs 4 and 5.
 *
 * <p>Why this slowing: the base is paced (100 tx/s on 2 terminals), so its figure is the pace's, not the loaded
 * machine's, while the slowed runs are held to about 20 a second by the sleep, whatever the machine does; the two
 * terminals share a sleep now and then (group commit), which gives the slowed repeats the spread the gate's interval
 * needs (identical repeats on both sides have none). Their windows count about 20 transactions, so single figures move
 * in steps of 5 % and now and then by ×2 (a shared sleep): the change-point scan drops changes under 25 %
 * ({@code --min-magnitude}: two equal figures have no spread, and Otava's t-test calls any step between such segments
 * significant), and the check of run 6 allows ×1.25.
 */
class ChangeInRealRunsTest {

    private static final String FILE = """
            name: history-e2e
            mode: variants
            server:
              base: {shared_buffers: 32MB, max_connections: 20}
            workload:
              kind: tpcc
              driver: builtin
              warehouses: 1
              terminals: 2
              rate: 100
              warmup: 0s
              duration: 1s
            steps:
              - name: commits
                settings: {commit_siblings: 0, commit_delay: %s}
            repeats: 3
            bracket: false
            """;

    @TempDir
    Path dir;

    @Test
    void theChangeIsFoundAtRunFourNamedAndGated() throws IOException {
        Path file = dir.resolve("history-e2e.yaml");
        Path out = dir.resolve("results");
        List<Path> runs = new ArrayList<>();
        for (int i = 1; i <= 6; i++) {
            Files.writeString(file, FILE.formatted(i <= 3 ? "0" : "100000"));
            CliRun.Result r = CliRun.execute("run", file.toString(), "--out", out.toString());
            assertThat(r.exitCode()).as("run " + i + ": " + r.out() + r.err()).isEqualTo(Main.OK);
            runs.add(newest(out.resolve("history-e2e"), runs));
        }
        String history = out.resolve(HistoryLocation.DEFAULT_FILE).toString();
        CliRun.Result series = CliRun.execute("history", "--history", history);
        assertThat(series.out()).as(series.err()).contains("history-e2e / commits / tpcc (throughput per second, 6 run(s))");

        CliRun.Result changes = CliRun.execute("history", "changes", "--history", history, "--min-magnitude", "0.25");
        assertThat(changes.exitCode()).as(changes.err()).isZero();
        assertThat(changes.out()).as(series.out() + changes.out())
                .contains("history-e2e / commits / tpcc (6 run(s)): 1 change point(s)").contains("at run 4 of 6")
                .contains("differed: settings commit_delay 0 → 100000");

        CliRun.Result across = CliRun.execute("history", "check", runs.get(3).toString(), "--history", history,
                "--across-settings");
        assertThat(across.exitCode()).as(series.out() + across.out() + across.err()).isEqualTo(Main.REGRESSION);
        assertThat(across.out()).contains("commits: slowdown ×").contains("against 3 earlier run(s)")
                .contains("SLOWER beyond its interval")
                .contains("differed from the last earlier run: settings commit_delay 0 → 100000")
                .contains("gate: FAILED");

        CliRun.Result keyed = CliRun.execute("history", "check", runs.get(3).toString(), "--history", history);
        assertThat(keyed.exitCode()).as(keyed.out() + keyed.err()).isEqualTo(Main.OK);
        assertThat(keyed.out()).contains("no earlier run with the same settings")
                .contains("3 earlier run(s) of the step with other settings")
                .contains("--across-settings compares with them").contains("gate: passed");

        CliRun.Result unchanged = CliRun.execute("history", "check", runs.get(5).toString(), "--history", history,
                "--threshold", "1.25");
        assertThat(unchanged.exitCode()).as(series.out() + unchanged.out() + unchanged.err()).isEqualTo(Main.OK);
        assertThat(unchanged.out()).contains("against 2 earlier run(s) with the same settings").contains("gate: passed");
    }

    /** The result directory a run just made: the one under {@code experiment} not yet in {@code known}. */
    private static Path newest(Path experiment, List<Path> known) throws IOException {
        try (Stream<Path> dirs = Files.list(experiment)) {
            return dirs.filter(Files::isDirectory).filter(d -> !known.contains(d)).reduce((a, b) -> {
                throw new AssertionError("two new result directories: " + a + ", " + b);
            }).orElseThrow();
        }
    }
}
