package org.pgknobs.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.cli.Main;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.testing.CliRun;

/**
 * {@code repeats: auto} end to end: only the first round is planned up front, so every later run in suite.json
 * was appended by the rounds' schedule after a decision, ran through the same step body as the first round, and
 * has its step.json. Min 2 makes at least one round follow; how many (2 or 3) is the rule's decision on the
 * figures, so the test holds the record to itself: as many complete rounds as it says, in the interleaved order.
 * The target (±90 %) is wide so that quiet figures settle after round 2: a narrow one asks for the third round
 * almost always, two more runs that add no path (a round follows whatever decision asked for it, and the rule's
 * decisions are AutoRepeatsTest's); a loaded machine's spread may still ask for it. The 2 s windows complete dozens
 * of transactions even where a loaded machine holds the runs far below their rate: a run that completes nothing
 * leaves the comparisons and ends the rounds unstopped, which is not what this test is about.
 */
class AutoRoundsSuiteTest {

    private static final String FILE = """
            name: auto-rounds-ci
            mode: variants
            server:
              base: {shared_buffers: 32MB, max_connections: 20}
            workload: {kind: tpcc, warehouses: 1, terminals: 1, rate: 50, warmup: 1s, duration: 2s}
            repeats: {auto: {min: 2, max: 3, target: 90%}}
            bracket: false              # the rounds are the point here; DriftSuiteTest runs the bracket
            steps:
              - name: base
              - name: a
                settings: {work_mem: 8MB}
            """;

    @TempDir
    Path dir;

    @Test
    void roundsAfterTheFirstAreAppendedRunAndRecordedUntilTheRuleStops() throws Exception {
        Path file = dir.resolve("auto-rounds-ci.yaml");
        Files.writeString(file, FILE);
        Path out = dir.resolve("results");
        CliRun.Result r = CliRun.execute("run", file.toString(), "--out", out.toString(),
                "--no-trial-start"); // the rounds, not the trial start (TrialStartTest's): two server starts less
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Main.OK);
        Path result;
        try (Stream<Path> s = Files.find(out, 3, (p, a) -> p.getFileName().toString().equals("suite.json"))) {
            result = s.findFirst().orElseThrow().getParent();
        }
        SuiteRecord suite = JsonFiles.read(result.resolve("suite.json"), SuiteRecord.class);
        SuiteRecord.Rounds rounds = suite.rounds();
        assertThat(rounds).as(r.out()).isNotNull();
        assertThat(rounds.stopped()).as("%s%n%s", rounds, r.out()).isTrue();
        assertThat(rounds.rounds()).as("%s%n%s", rounds, r.out()).isBetween(2, 3);
        // why it stopped, as the record says: after 2 rounds (below max) only settled figures stop it
        assertThat(rounds.reason()).as("%s", rounds).isIn(rounds.rounds() == 2 ? List.of("settled") : List.of("settled", "max-rounds"));
        assertThat(r.out()).contains("repeats auto: ");

        List<String> expected = new ArrayList<>();
        for (int round = 1; round <= rounds.rounds(); round++) {
            expected.add("base r" + round);
            expected.add("a r" + round);
        }
        assertThat(suite.steps()).extracting(e -> e.name() + " r" + e.repeat()).containsExactlyElementsOf(expected);
        for (SuiteRecord.Entry e : suite.steps()) {
            assertThat(e.status()).as(e.name() + " r" + e.repeat()).isEqualTo(StepStatus.DONE);
            StepResult step = JsonFiles.read(result.resolve(e.dir()).resolve("step.json"), StepResult.class);
            assertThat(step.status()).isEqualTo(StepStatus.DONE);
            assertThat(step.workload().headline().throughput()).as(e.name() + " r" + e.repeat()).isPositive();
        }
    }
}
