package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.testing.CliRun;

/** Bad input to the side-by-side check fails before any server is started (exit 2). */
class InsertBenchBenchCommandTest {

    @TempDir
    Path dir;

    @Test
    void aMissingIibenchOneOrFewerPairsAnUnknownVariantOrABadSetAreBadInput() throws Exception {
        assertThat(Main.execute("bench", "insertbench", "--against-iibench", dir.resolve("nope.py").toString()))
                .isEqualTo(Main.BAD_INPUT);
        Path py = Files.writeString(dir.resolve("iibench.py"), "# not run\n");
        assertThat(Main.execute("bench", "insertbench", "--against-iibench", py.toString(), "--pairs", "1"))
                .isEqualTo(Main.BAD_INPUT);
        assertThat(Main.execute("bench", "insertbench", "--against-iibench", py.toString(), "--variant", "2022"))
                .isEqualTo(Main.BAD_INPUT);
        assertThat(Main.execute("bench", "insertbench", "--against-iibench", py.toString(), "--warmup-pairs", "-1"))
                .isEqualTo(Main.BAD_INPUT);
        // a setting name that is no name, and a --set without '=': refused before a server or directory exists
        assertThat(Main.execute("bench", "insertbench", "--against-iibench", py.toString(), "--set", "Shared Buffers=1GB",
                "-d", dir.resolve("out").toString())).isEqualTo(Main.BAD_INPUT);
        assertThat(Main.execute("bench", "insertbench", "--against-iibench", py.toString(), "--set", "shared_buffers"))
                .isEqualTo(Main.BAD_INPUT);
        // CPU sets: one without the other, overlapping, not a list, or a CPU this host does not have
        assertThat(Main.execute("bench", "insertbench", "--against-iibench", py.toString(), "--server-cpus", "0",
                "-d", dir.resolve("out").toString())).isEqualTo(Main.BAD_INPUT);
        CliRun.Result overlap = CliRun.execute("bench", "insertbench", "--against-iibench", py.toString(), "--server-cpus", "0",
                "--client-cpus", "0", "-d", dir.resolve("out").toString());
        assertThat(overlap.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(overlap.err()).contains("--server-cpus", "overlap", "give each side CPUs of its own");
        assertThat(Main.execute("bench", "insertbench", "--against-iibench", py.toString(), "--server-cpus", "one",
                "--client-cpus", "0", "-d", dir.resolve("out").toString())).isEqualTo(Main.BAD_INPUT);
        assertThat(Main.execute("bench", "insertbench", "--against-iibench", py.toString(), "--server-cpus", "4096",
                "--client-cpus", "0", "-d", dir.resolve("out").toString())).isEqualTo(Main.BAD_INPUT);
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(py);
        }
    }

    @Test
    void aSetValueOrNameThePostgresqlServerRejectsIsBadInputBeforeAnythingIsLoaded() throws Exception {
        Path py = Files.writeString(dir.resolve("iibench.py"), "# not run\n");
        Path out = dir.resolve("out");
        // a bad value and an unknown name in one command (one throwaway server, not two): preflight names each
        CliRun.Result bad = CliRun.execute("bench", "insertbench", "--against-iibench", py.toString(),
                "--python", dir.resolve("no-python").toString(), "--set", "shared_buffers=lots", "--set", "shared_bufers=1GB",
                "-d", out.toString());
        assertThat(bad.exitCode()).as(bad.err()).isEqualTo(Main.BAD_INPUT);
        assertThat(bad.err()).contains("(2 problems;", "shared_buffers: invalid value for parameter \"shared_buffers\": \"lots\"",
                "shared_bufers: unknown parameter");
        // nothing was printed (no verification, no pair) and no output directory was made: the load never began
        assertThat(bad.out()).isBlank();
        assertThat(out).doesNotExist();
    }
}
