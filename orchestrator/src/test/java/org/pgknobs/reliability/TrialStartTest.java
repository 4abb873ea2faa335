package org.pgknobs.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.pgknobs.cli.Main;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.testing.CliRun;

/**
 * The trial start before the load, on the real embedded server: configurations PostgreSQL refuses to
 * start with end the run with exit 2, the step, PostgreSQL's own reason and a fix, before any data is
 * loaded; a step that expects to fail is tried, recorded and not fatal; `validate --start` does the same alone.
 */
class TrialStartTest {

    /** One refusal of the class "PostgreSQL will not start with this": the step's settings and what the user must read. */
    private record Refusal(String step, String settings, List<String> says) {
    }

    private static final List<Refusal> REFUSALS = List.of(
            new Refusal("no-lib", "{shared_preload_libraries: no_such_lib}",
                    List.of("FATAL: could not access file \"no_such_lib\"", "remove no_such_lib from shared_preload_libraries")),
            new Refusal("ssl-no-cert", "{ssl: 'on'}",
                    List.of("FATAL: could not load server certificate file \"server.crt\"", "put server.crt into the data directory")),
            new Refusal("minimal-wal", "{wal_level: minimal}",
                    List.of("FATAL: WAL streaming", "requires \"wal_level\" to be", "max_wal_senders: 0")),
            new Refusal("no-huge-pages", "{huge_pages: 'on'}",
                    List.of("FATAL: could not map anonymous shared memory", "huge_pages: try")),
            new Refusal("too-big", "{shared_buffers: 1TB}",
                    List.of("shared_buffers 1 TB + 3 connections x 2 MB (a backend's minimum)", "is more than this machine's RAM",
                            "MemTotal", "lower shared_buffers to well under")));

    private Scratch scratch;

    @BeforeEach
    void setUp() {
        scratch = Scratch.create("trial");
    }

    @AfterEach
    void tearDown() {
        scratch.close();
    }

    private Path experiment(String name, String steps) throws IOException {
        Path file = scratch.root().resolve(name + ".yaml");
        Files.writeString(file, "name: " + name + "\nmode: variants\n"
                + "server:\n  base: {shared_buffers: 32MB, max_connections: 20}\n"
                // rate 20 tx/s: the one run that measures needs a window, not load
                + "workload: {kind: tpcc, warehouses: 1, terminals: 1, rate: 20, warmup: 1s, duration: 2s}\n"
                + "data: restore\nbracket: false\nsteps:\n  - name: baseline\n" + steps);
        return file;
    }

    private static String stepsOf(List<Refusal> refusals) {
        StringBuilder s = new StringBuilder();
        refusals.forEach(r -> s.append("  - name: ").append(r.step()).append("\n    settings: ").append(r.settings()).append('\n'));
        return s.toString();
    }

    @Test
    void everyConfigurationPostgresRefusesEndsTheRunWithExitTwoTheStepAndItsReasonBeforeAnyLoad() throws IOException {
        Path out = scratch.dir("out");
        Path work = scratch.dir("work");
        Path file = experiment("refusals", stepsOf(REFUSALS));

        CliRun.Result r = CliRun.execute("run", file.toString(), "--out", out.toString(), "--work-dir", work.toString());

        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Main.BAD_INPUT);
        for (Refusal refusal : REFUSALS) {
            assertThat(r.err()).as(refusal.step()).contains("step " + refusal.step() + ": ");
            refusal.says().forEach(s -> assertThat(r.err()).as(refusal.step()).contains(s));
        }
        assertThat(r.err()).contains("fix: ", "nothing was loaded or written").doesNotContain("step baseline:");
        assertThat(r.err().lines().filter(l -> l.startsWith("pgknobs:")).count()).isEqualTo(1);
        // each configuration was tried (the memory one is judged before any start), the baseline started
        assertThat(r.out()).contains("trial start of 6 server configurations", "started, settings verified",
                "trial starts: ").doesNotContain("loading", "restoring");
        assertThat(r.out()).containsPattern("no-lib +\\d+\\.\\d s  REFUSED: FATAL: could not access file");
        assertThat(Scratch.entries(out)).as("no result directory").isEmpty();
        assertThat(Suites.instances(work)).as("clusters deleted").isEmpty();
        assertThat(Scratch.postgresProcessesUnder(work)).as("servers stopped").isEmpty();
    }

    @Test
    void aStepThatExpectsToFailIsTriedAndRecordedAndTheSuiteRunsIt() throws IOException {
        Path out = scratch.dir("out");
        Path work = scratch.dir("work");
        Path file = experiment("probe", "  - name: probe\n    expect: {fail: could not access file}\n"
                + "    settings: {shared_preload_libraries: no_such_lib}\n");

        CliRun.Result r = CliRun.execute("run", file.toString(), "--out", out.toString(), "--work-dir", work.toString());

        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Main.OK);
        assertThat(r.out()).contains("refused, as the step expects: FATAL: could not access file \"no_such_lib\"");
        Path dir = Suites.resultDir(out).orElseThrow();
        SuiteRecord suite = Suites.suite(dir);
        assertThat(suite.trialStarts()).extracting(SuiteRecord.TrialStart::steps, SuiteRecord.TrialStart::started)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(List.of("baseline"), true),
                        org.assertj.core.groups.Tuple.tuple(List.of("probe"), false));
        assertThat(suite.trialStarts().get(1).reason()).contains("could not access file \"no_such_lib\"");
        assertThat(Suites.entry(suite, "baseline").status()).isEqualTo(StepStatus.DONE);
        assertThat(Suites.entry(suite, "probe").status()).isEqualTo(StepStatus.FAILED_AS_EXPECTED);
        // the trial left the loaded cluster clean: the baseline's log tail holds none of the trial's lines
        assertThat(Files.readString(dir.resolve(Suites.entry(suite, "baseline").dir()).resolve("server-log-tail.txt")))
                .doesNotContain("no_such_lib");
        assertThat(Suites.instances(work)).isEmpty();
    }

    @Test
    void validateStartExitsZeroOnAGoodFileAndTwoOnABadOneAndLeavesNoCluster() throws IOException {
        Path work = scratch.dir("work");
        Path good = experiment("good", "  - name: bigger-cache\n    settings: {shared_buffers: 64MB, wal_level: minimal, "
                + "max_wal_senders: 0}\n");
        Path bad = experiment("bad", stepsOf(REFUSALS.subList(0, 1)));

        CliRun.Result ok = CliRun.execute("validate", "--start", good.toString(), "--work-dir", work.toString());
        CliRun.Result refused = CliRun.execute("validate", "--start", bad.toString(), "--work-dir", work.toString());

        assertThat(ok.exitCode()).as(ok.out() + ok.err()).isEqualTo(Main.OK);
        assertThat(ok.out()).contains("good.yaml: ok", "trial start of 2 server configurations")
                .containsPattern("bigger-cache +\\d+\\.\\d s  started, settings verified");
        assertThat(refused.exitCode()).as(refused.out() + refused.err()).isEqualTo(Main.BAD_INPUT);
        assertThat(refused.err()).contains(bad + ":", "step no-lib: PostgreSQL refused to start",
                "FATAL: could not access file \"no_such_lib\"");
        assertThat(Suites.instances(work)).as("scratch clusters deleted").isEmpty();
        assertThat(Scratch.postgresProcessesUnder(work)).isEmpty();
    }
}
