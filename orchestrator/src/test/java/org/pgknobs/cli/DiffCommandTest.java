package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.testing.CliRun;
import org.pgknobs.testing.TinyRuns;

/** {@code pgknobs diff} on the shared tiny article run, on two directories, and on bad input. */
class DiffCommandTest {

    @TempDir
    Path tmp;

    @Test
    void twoStepsOfOneRunShowTheirSettingsThroughputStatisticsAndEverySection() {
        Path run = TinyRuns.article().directory();
        CliRun.Result r = CliRun.execute("diff", run.toString(), "cache-8mb", "05-wal");

        assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.OK);
        assertThat(r.out()).contains("A: cache-8mb (" + run.resolve("steps/02-cache-8mb") + ")",
                "B: wal (" + run.resolve("steps/05-wal") + ")");
        // cumulative: wal has cache-2mb's shared_buffers and the wal step's own settings on top
        assertThat(r.out()).contains("== settings", "  shared_buffers: 8MB → 2MB", "== throughput",
                "== server statistics", "client hit ratio: ", "== autovacuum");
        assertThat(r.out().lines().filter(l -> l.startsWith("== "))).hasSizeGreaterThanOrEqualTo(4);
    }

    @Test
    void stepsOfTwoDirectoriesCompareByDirColonStepAndRepeatsGiveTheInterval() throws Exception {
        Path run = TinyRuns.article().directory();
        // one directory whose steps have repeats: three article steps as repeats of x, three as repeats of y
        Path repeats = Files.createDirectories(tmp.resolve("repeats"));
        List<String> x = List.of("01-baseline", "02-cache-8mb", "03-cache-2mb");
        List<String> y = List.of("05-wal", "06-index", "07-io-worker");
        for (int i = 0; i < 3; i++) {
            TinyRuns.copy(run.resolve("steps").resolve(x.get(i)), repeats.resolve("steps/01-x/r" + (i + 1)));
            TinyRuns.copy(run.resolve("steps").resolve(y.get(i)), repeats.resolve("steps/02-y/r" + (i + 1)));
        }

        CliRun.Result same = CliRun.execute("diff", run + ":baseline", repeats + ":x/r1");
        assertThat(same.exitCode()).as(same.err()).isEqualTo(Main.OK);
        assertThat(same.out()).contains("  the same settings", "(×1)");

        CliRun.Result withRepeats = CliRun.execute("diff", repeats.toString(), "x", "y");
        assertThat(withRepeats.exitCode()).as(withRepeats.err()).isEqualTo(Main.OK);
        assertThat(withRepeats.out()).containsPattern("A: x r[123] of 3").containsPattern("B: y r[123] of 3")
                .contains("B ÷ A over 3 and 3 repeats: ");
    }

    @Test
    void aMissingDirectoryStepOrRepeatIsBadInputNamingWhatExists() {
        Path run = TinyRuns.article().directory();
        CliRun.Result noDir = CliRun.execute("diff", tmp.resolve("nope").toString(), "a", "b");
        assertThat(noDir.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(noDir.err()).contains("is not a directory");

        CliRun.Result noStep = CliRun.execute("diff", run.toString(), "baseline", "cache-9mb");
        assertThat(noStep.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(noStep.err()).contains("has no step 'cache-9mb' (steps: baseline, cache-8mb, cache-2mb, autovacuum");

        CliRun.Result noRepeat = CliRun.execute("diff", run.toString(), "baseline", "wal/r2");
        assertThat(noRepeat.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(noRepeat.err()).contains("step 'wal' has no repeat r2 (repeats: r1)");

        CliRun.Result noColon = CliRun.execute("diff", run.toString(), "baseline");
        assertThat(noColon.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(noColon.err()).contains("RESULT_DIR STEP_A STEP_B or DIR_A:STEP DIR_B:STEP");
        assertThat(noColon.out()).isEmpty();
    }
}
