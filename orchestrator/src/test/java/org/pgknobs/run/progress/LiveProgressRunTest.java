package org.pgknobs.run.progress;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.testing.CliRun;
import org.pgknobs.testing.TinyRuns;

/**
 * The live lines at a 1 s progress interval: in the shared tiny run of the article (TinyRuns, no run of its own)
 * they are on the console during every step's warm-up and window and in the step's and the suite's
 * progress.log; in a run of the smallest fixture (1 warehouse, 1 s warm-up, 3 s window) with -q the console gets
 * none and the files still do.
 */
class LiveProgressRunTest {

    /**
     * A live line of the window: "tpcc 2 s: 123 tx/s now (last 1 s), 246 committed, 0 failed, p95 ..."; "(last 3 s)"
     * when a loaded machine woke the ticker late and it told the seconds it missed as one.
     */
    private static final Pattern WINDOW_LINE = Pattern.compile(
            "tpcc \\d+ s: [\\d,]+ tx/s now \\(last \\d+ s\\), [\\d,]+ committed, [\\d,]+ failed, p95 [\\d.]+ ms, steady so far: too short");

    @Test
    void liveLinesAppearDuringEveryStepsWarmUpAndWindowAndGoToBothProgressLogs() throws Exception {
        TinyRuns.Run run = TinyRuns.article();
        assertThat(run.exitCode()).as(run.output()).isZero();
        Path suite = run.directory();
        assertThat(run.output()).contains("tail -f " + suite.resolve("progress.log"));
        StringBuilder all = new StringBuilder();
        for (String step : List.of("01-baseline", "02-cache-8mb", "07-io-worker")) {
            String name = step.substring(3);
            // the warm-up's line before the window opens, a window's line after it, in this step's order (which
            // second: a ticker that a loaded machine wakes late tells the seconds it missed as one, "tpcc 3 s: ... (last 3 s)")
            assertThat(run.output()).containsPattern("(?s)" + Pattern.quote(name + "] tpcc warm-up 1 s: ") + ".*"
                    + Pattern.quote(name + "] measuring tpcc") + ".*" + Pattern.quote(name + "] tpcc ") + "[1-9]\\d* s: ");
            String stepLog = Files.readString(suite.resolve("steps/" + step + "/progress.log"));
            assertThat(stepLog).contains(" " + name + " tpcc warm-up 1 s: ").containsPattern(WINDOW_LINE);
        }
        assertThat(run.output()).containsPattern(WINDOW_LINE)
                .as("seven steps on one cluster: each after the first restores the loaded data")
                .contains("; snapshot at ").doesNotContain("no snapshot");
        assertThat(Files.readString(suite.resolve("progress.log")))
                .contains(Files.readString(suite.resolve("steps/02-cache-8mb/progress.log")));
    }

    @Test
    void quietRunPrintsNoLiveLineButStillWritesThem(@TempDir Path out) throws Exception {
        CliRun.Result r = CliRun.execute(args(out, "--progress-interval", "1s", "-q"));

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).doesNotContain("tx/s now").contains("(not printed: -q)")
                .as("one step, one run: nothing would restore a copy of the loaded data")
                .contains("; no snapshot: this cluster runs once").doesNotContain("snapshot at");
        assertThat(Files.readString(resultDir(out).resolve("steps/01-baseline/progress.log")))
                .containsPattern(WINDOW_LINE);
    }

    private static String[] args(Path out, String... extra) throws URISyntaxException {
        Path file = Path.of(LiveProgressRunTest.class.getResource("/live/one-step.yaml").toURI());
        return Stream.concat(Stream.of("run", file.toString(), "--out", out.toString(), "--no-trial-start"),
                Stream.of(extra)).toArray(String[]::new);
    }

    private static Path resultDir(Path out) throws Exception {
        try (Stream<Path> found = Files.find(out, 3, (p, a) -> p.getFileName().toString().equals("suite.json"))) {
            List<Path> dirs = found.map(Path::getParent).toList();
            assertThat(dirs).hasSize(1);
            return dirs.get(0);
        }
    }
}
