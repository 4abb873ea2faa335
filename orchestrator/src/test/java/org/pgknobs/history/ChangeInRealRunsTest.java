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
 * The history across real runs (issue 47): six runs of one variants file whose step sets {@code commit_delay} (with
 * {@code commit_siblings: 0}, so that every commit that flushes WAL sleeps first) to 10 ms in the first three runs and
 * to 100 ms in the last three. Each run records itself in its results root's history. {@code history changes} finds
 * the change at run 4 and names the setting; the gate fails run 4 across settings (exit 3, the setting named), passes
 * it by default (a changed file starts a new series: nothing to compare, and it says how to compare), and passes run 6
 * against runs 4 and 5.
 *
 * <p>Why this slowing: both sides are held by the sleep (about 150 and 14 transactions a second on 2 terminals), not by
 * the machine, so a loaded machine moves neither much, and the windows burn little CPU; READ COMMITTED, because under
 * SERIALIZABLE the long commits make the two terminals' transactions fail and give up fast, which a throughput figure
 * counts. The base's windows count about 150 transactions and carry a spread; the slowed ones count about 14, so their
 * figures move in steps of 7 % and two repeats are often equal, and equal figures have no spread: Otava's t-test calls
 * any step between two such segments significant, so the change-point scan drops changes under 25 %
 * ({@code --min-magnitude}), and the check of run 6 allows ×1.25.
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
              isolation: read_committed
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
            Files.writeString(file, FILE.formatted(i <= 3 ? "10000" : "100000"));
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
                .contains("differed: settings commit_delay 10000 → 100000");

        CliRun.Result across = CliRun.execute("history", "check", runs.get(3).toString(), "--history", history,
                "--across-settings");
        assertThat(across.exitCode()).as(series.out() + across.out() + across.err()).isEqualTo(Main.REGRESSION);
        assertThat(across.out()).contains("commits: slowdown ×").contains("against 3 earlier run(s)")
                .contains("SLOWER beyond its interval")
                .contains("differed from the last earlier run: settings commit_delay 10000 → 100000")
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
