package org.pgknobs.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.pgknobs.cli.Main;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteRecord;

/**
 * Two pgknobs processes started at the same moment with the same experiment, --out, --work-dir and an
 * empty --cache-dir: one unpacks the embedded binaries while the other waits on the lock, each gets its
 * own ports, clusters and result directory, and both finish.
 */
class ConcurrentRunsTest {

    @Test
    void twoRunsAtOnceShareNothingButTheUnpackedBinaries() throws Exception {
        try (Scratch scratch = Scratch.create("two")) {
            Path out = scratch.dir("out");
            Path work = scratch.dir("work");
            Path cache = scratch.dir("cache");
            String[] args = {"run", Suites.experiment("two-steps.yaml").toString(), "--steps", "victim",
                "--out", out.toString(), "--work-dir", work.toString(), "--cache-dir", cache.toString(),
                // the trial start is TrialStartTest's; here each would be one more server start and stop per run
                "--no-trial-start"};
            ChildRun a = ChildRun.start(scratch.root().resolve("a.log"), Map.of(), args);
            ChildRun b = ChildRun.start(scratch.root().resolve("b.log"), Map.of(), args);

            assertThat(a.waitFor(300)).as(a.output()).isEqualTo(Main.OK);
            assertThat(b.waitFor(300)).as(b.output()).isEqualTo(Main.OK);
            // one step selected, one run: the load takes no copy of the loaded cluster that nothing would restore
            assertThat(a.output()).contains("; no snapshot: this cluster runs once");
            assertThat(b.output()).contains("; no snapshot: this cluster runs once");

            List<Path> results;
            try (Stream<Path> s = Files.list(out.resolve("rel-two-steps"))) {
                results = s.toList();
            }
            assertThat(results).as("one result directory per run").hasSize(2);
            for (Path dir : results) {
                SuiteRecord suite = Suites.suite(dir);
                assertThat(suite.progress().status()).isEqualTo("done");
                assertThat(suite.steps()).extracting(SuiteRecord.Entry::status).containsOnly(StepStatus.DONE);
            }
            assertThat(Scratch.entries(cache).stream().filter(Files::isDirectory)).as("unpacked once").hasSize(1);
            assertThat(Scratch.postgresProcessesUnder(work)).isEmpty();
            assertThat(Suites.instances(work)).isEmpty();
        }
    }
}
