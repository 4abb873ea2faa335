package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.report.Spread;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.testing.CliRun;

/** {@code pgknobs noise}: one step N times from the restored data, and the spread of its repeats. */
class NoiseCommandTest {

    /**
     * The smallest TPC-C run: 1 warehouse, 1 s warm-up, 2 s window; the step to repeat is not the first. Not throttled:
     * the spread needs two repeats that differ, and the built-in driver's pacer hands out evenly spaced start times, so
     * two throttled windows can complete the same count and give a spread of zero.
     */
    private static final String TINY = """
            name: noisy
            mode: variants
            server: {base: {shared_buffers: 128MB, max_connections: 20}}
            workload: {warehouses: 1, terminals: 2, warmup: 1s, duration: 2s}
            steps:
              - name: base
              - name: small-cache
                settings: {shared_buffers: 16MB}
            """;

    @TempDir
    Path dir;

    private CliRun.Result noise(String... options) throws IOException {
        Path file = dir.resolve("exp.yaml");
        Files.writeString(file, TINY);
        // the default work directory: the server's OS user cannot reach a JUnit temp directory
        List<String> args = new ArrayList<>(List.of("noise", file.toString(), "--out", dir.resolve("results").toString()));
        args.addAll(List.of(options));
        return CliRun.execute(args.toArray(String[]::new));
    }

    @Test
    void anUnknownStepOrOneRepeatIsBadInputAndTouchesNothing() throws IOException {
        CliRun.Result unknown = noise("--step", "nope");
        assertThat(unknown.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(unknown.err()).contains("has no step nope; its steps are: base, small-cache");
        CliRun.Result one = noise("--repeats", "1");
        assertThat(one.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(one.err()).contains("a whole number ≥ 2 (a spread needs two repeats)");
        assertThat(dir.resolve("results")).doesNotExist();
    }

    @Test
    void runsTheStepNTimesAndPrintsAndRecordsItsSpread() throws IOException {
        CliRun.Result r = noise("--step", "small-cache", "--repeats", "2", "--no-trial-start");
        assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
        Path results;
        try (Stream<Path> found = Files.find(dir.resolve("results"), 3, (p, a) -> p.endsWith("suite.json"))) {
            results = found.findFirst().orElseThrow().getParent();
        }
        SuiteRecord suite = JsonFiles.read(results.resolve("suite.json"), SuiteRecord.class);
        assertThat(suite.steps()).extracting(SuiteRecord.Entry::name).containsExactly("small-cache", "small-cache");
        Spread spread = JsonFiles.read(results.resolve("noise.json"), Spread.class);
        assertThat(spread.step()).isEqualTo("small-cache");
        assertThat(spread.repeats()).isEqualTo(2);
        assertThat(spread.throughputs()).hasSize(2).allSatisfy(t -> assertThat(t).isPositive());
        assertThat(spread.detectableAt()).containsKeys(2, 3, 5, 10);
        assertThat(spread.detectableAt().get(10)).isLessThan(spread.detectableAt().get(2));
        assertThat(r.out()).contains("noise floor of small-cache, 2 repeats: mean ",
                "smallest effect detectable at 95 % (80 % power), by repeats per side: 2: ",
                "repeats per side to detect 5 %: ");
    }
}
