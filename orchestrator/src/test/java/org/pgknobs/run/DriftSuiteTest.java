package org.pgknobs.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.cli.Main;
import org.pgknobs.report.Mark;
import org.pgknobs.report.ReportData;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.testing.CliRun;

/**
 * An order effect built in: a sweep whose steps change nothing, run while the machine is made slower run after run
 * (CPU-burning threads beside the client, four more after every finished run up to eight from the first measurement of the base on).
 * The bracket finds the drift (the base's last measurement far below its first, beyond the noise of its windows; the
 * report's top says so, and so did the live line), and no step is marked: every step's difference from the base is
 * the machine's.
 */
class DriftSuiteTest {

    private static final String SWEEP = """
            name: drift
            mode: variants
            server:
              base: {shared_buffers: 32MB, max_connections: 20}
            workload:
              kind: tpcc
              driver: builtin
              warehouses: 1
              terminals: 2
              warmup: 1s
              duration: 3s
            steps:
              - name: base
              - name: same
                settings: {lock_timeout: 0}         # the default: the step changes nothing
            repeats: 2
            """;

    @TempDir
    Path dir;

    @Test
    void aMachineSlowingDownRunAfterRunIsFoundByTheBracketAndMarksNoStep() throws Exception {
        Path file = dir.resolve("drift.yaml");
        Files.writeString(file, SWEEP);
        Path out = dir.resolve("results");
        CliRun.Running run = CliRun.start("run", file.toString(), "--out", out.toString(), "--progress-interval", "1s");
        Hog hog = new Hog();
        int burners = 0;
        CliRun.Result r = null;
        try {
            while (r == null) {
                // from the first measurement of the base on, four more burning threads after every finished run, up
                // to eight: far more than the machine's other load moves a run (the other test JVMs), so the order
                // effect built in is the one the bracket finds; no more (each thread slows restores and starts too)
                int wanted = Math.min(8, 4 * finishedRuns(out));
                while (burners < wanted) {
                    hog.add();
                    burners++;
                }
                try {
                    r = run.get(java.time.Duration.ofMillis(100));
                } catch (java.util.concurrent.TimeoutException stillRunning) {
                    // the run goes on: look at suite.json again
                }
            }
        } finally {
            hog.stop();
        }
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Main.OK);
        Path suite = resultDir(out);
        SuiteRecord record = JsonFiles.read(suite.resolve("suite.json"), SuiteRecord.class);
        assertThat(record.bracket().warmups()).as("one discarded warm-up").hasSize(1);
        assertThat(record.steps().stream().filter(e -> e.name().equals("base")).count()).as("first, between rounds, last")
                .isEqualTo(3);
        assertThat(record.steps()).extracting(SuiteRecord.Entry::name).containsExactly("base", "same", "base", "same", "base");

        ReportData.Run report = JsonFiles.read(suite.resolve("report.json"), ReportData.class).runs().get(0);
        assertThat(report.drift()).as("the bracket measured the base's drift").isNotNull();
        assertThat(report.drift().factor()).as("the machine slowed down").isLessThan(1);
        assertThat(report.drift().beyondNoise()).as(report.drift().sentence()).isTrue();
        assertThat(report.baseSpread().throughputs()).as("the warm-up is in no statistic").hasSize(3);
        for (ReportData.Step s : report.steps()) {
            if (!s.name().equals("base")) {
                assertThat(Mark.of(s.effect().slowdownInterval(), report.driftBand())).as(s.name()).isEqualTo(Mark.NONE);
                assertThat(s.effect().withinNoise()).as(s.name() + " shows no effect against the base").isTrue();
            }
        }
        assertThat(Files.readString(suite.resolve("report.md"))).contains("**Drift.** The base moved -")
                .contains("effects below that are not separable from the machine");
        assertThat(r.out()).contains("warm-up: base once before anything is measured")
                .containsPattern("bracket: base [0-9,]+/s, -[0-9]+ % against its first measurement");
    }

    /** Finished runs so far: entries of suite.json that are final, the base's first on. */
    private static int finishedRuns(Path out) {
        try (Stream<Path> s = Files.find(out, 3, (p, a) -> p.getFileName().toString().equals("suite.json"))) {
            Optional<Path> json = s.findFirst();
            if (json.isEmpty()) {
                return 0;
            }
            SuiteRecord record = JsonFiles.read(json.get(), SuiteRecord.class);
            return (int) record.steps().stream().filter(e -> e.status() == StepStatus.DONE).count();
        } catch (Exception e) {
            return 0; // suite.json is being replaced (written through a rename): read it next time
        }
    }

    private static Path resultDir(Path out) throws Exception {
        try (Stream<Path> s = Files.find(out, 3, (p, a) -> p.getFileName().toString().equals("suite.json"))) {
            return s.findFirst().orElseThrow().getParent();
        }
    }

    /** Threads that burn CPU until stopped. */
    private static final class Hog {
        private final AtomicBoolean stop = new AtomicBoolean();
        private final List<Thread> threads = new ArrayList<>();

        void add() {
            Thread t = new Thread(() -> {
                double x = 1;
                while (!stop.get()) {
                    x = Math.sqrt(x + 1);
                }
            }, "drift-hog");
            t.setDaemon(true);
            t.start();
            threads.add(t);
        }

        void stop() throws InterruptedException {
            stop.set(true);
            for (Thread t : threads) {
                t.join();
            }
        }
    }
}
