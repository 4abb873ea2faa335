package org.pgknobs.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.pgknobs.bisect.RunOutcome;
import org.pgknobs.cli.Main;
import org.pgknobs.results.BisectRecord;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.run.SettingSearch;
import org.pgknobs.testing.CliRun;

/**
 * {@code pgknobs bisect --setting} on a real server: a TPC-C step bisected over shared_buffers from 128kB to 64MB
 * (10 values, ×2 apart) finds where runs start to fail with "no unpinned buffers available", one run a candidate;
 * then a direct scan of its two neighbours (a plain run of them) puts the boundary within one step of it. 20
 * unthrottled terminals (the small caches run out only when enough backends hold pins at once), no warm-up and a 3 s
 * window, 5 or 6 runs of the search and 2 of the scan, on the disk: 46 CPU-s measured alone in a cgroup (54 with a
 * 1 s warm-up), most of it each run's fixed part (a restore on the disk, a server start, the figures and the report).
 */
class SettingBisectTest {

    private static final List<String> GRID = List.of("128kB", "256kB", "512kB", "1MB", "2MB", "4MB", "8MB", "16MB",
            "32MB", "64MB");

    private Scratch scratch;

    @BeforeEach
    void setUp() {
        // on the disk, as StepFaultsTest: a tmpfs all but removes the waits with pins held that starve a tiny cache
        scratch = Scratch.onDisk("bis");
    }

    @AfterEach
    void tearDown() {
        scratch.close();
    }

    @Test
    void findsWhereRunsStartToFailWithinOneStepOfADirectScanOfItsNeighbours() throws Exception {
        Path out = scratch.dir("out");
        Path work = scratch.dir("work");
        String file = Suites.experiment("bisect-cache.yaml").toString();

        CliRun.Result r = CliRun.execute("bisect", file, "--step", "baseline", "--setting", "shared_buffers",
                "--values", "128kB..64MB", "--out", out.toString(), "--work-dir", work.toString());

        assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.OK);
        Path dir = Suites.resultDir(out).orElseThrow();
        BisectRecord bisect = JsonFiles.read(dir.resolve("bisect.json"), BisectRecord.class);
        assertThat(bisect.status()).isEqualTo("done");
        assertThat(bisect.candidates()).isEqualTo(GRID);
        assertThat(bisect.kind()).as(bisect.summary()).isEqualTo("found");
        // one run a candidate, at most ceil(log2 10) + 2 = 6 of them
        assertThat(bisect.path()).hasSizeLessThanOrEqualTo(6)
                .allSatisfy(l -> assertThat(l.throughputs().size() + (l.failure() == null ? 0 : 1)).isEqualTo(1));
        BisectRecord.Line fails = bisect.path().stream().filter(l -> l.probeClass().equals("fails"))
                .max((a, b) -> GRID.indexOf(a.candidate()) - GRID.indexOf(b.candidate())).orElseThrow();
        BisectRecord.Line runs = bisect.path().stream().filter(l -> !l.probeClass().equals("fails"))
                .min((a, b) -> GRID.indexOf(a.candidate()) - GRID.indexOf(b.candidate())).orElseThrow();
        assertThat(GRID.indexOf(runs.candidate())).isEqualTo(GRID.indexOf(fails.candidate()) + 1);
        assertThat(fails.failure()).contains("no unpinned buffers available");
        assertThat(runs.throughputs()).singleElement().satisfies(t -> assertThat(t).isPositive());
        assertThat(bisect.summary()).isEqualTo("runs fail up to " + fails.candidate() + " and run from "
                + runs.candidate());
        assertThat(r.out()).contains("bisect: 128kB: failed: ", "bisect: 64MB: ",
                "bisect: " + bisect.summary(), "  evidence: " + fails.candidate() + ": failed: ");
        // each probe is a step of the result directory, and the report read it
        SuiteRecord suite = Suites.suite(dir);
        assertThat(suite.steps()).hasSize(bisect.path().size());
        assertThat(Suites.entry(suite, "shared_buffers-" + runs.candidate()).status()).isEqualTo(StepStatus.DONE);
        assertThat(fails.failure()).startsWith("the server refused requests: XX000 ×");
        assertThat(dir.resolve("report.md")).exists();

        // the direct scan of the two neighbours, run as a plain variants file and read as the bisection reads a run
        List<String> scan = List.of(fails.candidate(), runs.candidate());
        Path scanFile = scratch.dir("scan").resolve("scan.yaml");
        StringBuilder yaml = new StringBuilder(Files.readString(Path.of(file)).replace("rel-bisect-cache", "rel-scan")
                .replace("  - name: baseline\n", ""));
        scan.forEach(v -> yaml.append("  - name: sb-").append(v).append("\n    settings: {shared_buffers: ").append(v)
                .append("}\n"));
        Files.writeString(scanFile, yaml);
        Path scanOut = scratch.dir("scan-out");
        CliRun.Result s = CliRun.execute("run", scanFile.toString(), "--out", scanOut.toString(), "--work-dir",
                work.toString(), "--no-trial-start");
        assertThat(s.exitCode()).as(s.err()).isIn(Main.OK, Main.RUN_FAILED);
        Path scanDir = Suites.resultDir(scanOut).orElseThrow();
        SuiteRecord scanned = Suites.suite(scanDir);
        List<Boolean> scanFails = new ArrayList<>();
        for (String v : scan) {
            RunOutcome o = SettingSearch.outcome(Suites.step(scanDir, Suites.entry(scanned, "sb-" + v)));
            scanFails.add(o instanceof RunOutcome.Failed);
            if (o instanceof RunOutcome.Failed f) {
                assertThat(f.reason()).contains("no unpinned buffers available");
            }
        }
        // the scan's boundary: between the two when the lower fails and the upper runs (the bisection's answer); one
        // step lower when both run, one higher when both fail; never two steps (the lower running, the upper failing)
        assertThat(scanFails).as("scan of %s", scan).isNotEqualTo(List.of(false, true));
        assertThat(Scratch.postgresProcessesUnder(work)).as("servers stopped").isEmpty();
    }
}
