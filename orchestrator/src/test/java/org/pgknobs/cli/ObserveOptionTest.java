package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.testing.CliRun;

/** {@code --observe} on run and ablate: an unknown capture is bad input that creates nothing. */
@Tag("unit")
class ObserveOptionTest {

    @TempDir
    Path dir;

    @Test
    void anUnknownCaptureIsBadInputOnRunAndAblateAndNothingIsCreated() throws IOException {
        Path file = dir.resolve("exp.yaml");
        Files.writeString(file, "name: t\nsteps:\n  - name: baseline\n  - {name: a, settings: {work_mem: 8MB}}\n"
                + "  - {name: b, settings: {maintenance_work_mem: 8MB}}\n");
        for (String command : new String[] {"run", "ablate"}) {
            CliRun.Result r = CliRun.execute(command, file.toString(), "--observe", "statements,flames",
                    "--out", dir.resolve("results").toString(), "--work-dir", dir.resolve("work").toString());
            assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Main.BAD_INPUT);
            assertThat(r.err()).contains("--observe flames", "statements, profile");
            assertThat(dir.resolve("results")).doesNotExist();
            assertThat(dir.resolve("work")).doesNotExist();
        }
    }
}
