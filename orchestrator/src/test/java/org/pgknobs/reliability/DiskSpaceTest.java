package org.pgknobs.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.pgknobs.cli.Main;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.testing.CliRun;

/**
 * Not enough free disk for the load is found before loading starts, with the needed and available
 * sizes. The free space is lowered with the hidden {@code --assume-free-space} option: the same check
 * and message as a full disk, without filling one.
 */
class DiskSpaceTest {

    @Test
    void tooLittleFreeSpaceFailsBeforeLoadingWithBothSizesAndResumeFinishes() {
        try (Scratch scratch = Scratch.create("disk")) {
            Path out = scratch.dir("out");
            Path work = scratch.dir("work");
            String file = Suites.experiment("two-steps.yaml").toString();

            CliRun.Result r = CliRun.execute("run", file, "--steps", "victim", "--assume-free-space", "10MB",
                    "--out", out.toString(), "--work-dir", work.toString());

            assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.RUN_FAILED);
            assertThat(r.out()).as("the load never started").doesNotContain("\nloading tpcc data").doesNotContain("loaded in");
            Path dir = Suites.resultDir(out).orElseThrow();
            SuiteRecord.Entry victim = Suites.entry(Suites.suite(dir), "victim");
            assertThat(victim.status()).isEqualTo(StepStatus.FAILED);
            assertThat(victim.reason()).contains("not enough free disk space for loading tpcc data", work.toString(),
                    "need about 264 MB (1 warehouses x 100 MB, twice", "available 10 MB", "--work-dir");
            assertThat(Scratch.postgresProcessesUnder(work)).isEmpty();
            assertThat(Suites.instances(work)).isEmpty();

            CliRun.Result resumed = CliRun.execute("run", file, "--steps", "victim", "--resume", dir.toString(),
                    "--work-dir", work.toString());
            assertThat(resumed.exitCode()).as(resumed.err()).isEqualTo(Main.OK);
            assertThat(Suites.entry(Suites.suite(dir), "victim").status()).isEqualTo(StepStatus.DONE);
        }
    }
}
