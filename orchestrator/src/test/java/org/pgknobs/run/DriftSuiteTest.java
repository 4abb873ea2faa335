package org.pgknobs.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.cli.Main;
import org.pgknobs.report.Mark;
import org.pgknobs.report.ReportData;
import org.pgknobs.report.why.Reason;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.testing.CliRun;
import org.pgknobs.testing.ReportHtml;
import org.pgknobs.testing.ServerThrottle;
import org.w3c.dom.Element;

/**
 * An order effect built in: a sweep whose steps change nothing, run while the server is made slower run after run
 * ({@link ServerThrottle}: stopped for a quarter more of every cycle after each finished run, from the first
 * measurement of the base on, so the slowdown does not depend on what else the machine runs).
 * The bracket finds the drift (the base's last measurement far below its first, beyond the noise of its windows; the
 * report's top says so, and so did the live line), and no step is marked: every step's difference from the base is
 * the machine's. It is the suite's A/A run too (issue 36): the step sets a setting to its default, so its rows in
 * report.md, report.json and report.html carry no mark, colour or verdict that reads as an effect, and its why-section
 * has no comparative line but "no difference shown" (or one that says throughput shows no difference). It observes a
 * CPU profile, so the A/A step's differential flame graph is held to colour no frame, in its data and as Chromium
 * draws it (issue 45).
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
            observe: [profile]                      # the differential flame graph of an A/A pair
            """;

    @TempDir
    Path dir;

    @TempDir
    Path browserProfile;

    @Test
    void aMachineSlowingDownRunAfterRunIsFoundByTheBracketAndMarksNoStep() throws Exception {
        Path file = dir.resolve("drift.yaml");
        Files.writeString(file, SWEEP);
        Path out = dir.resolve("results");
        // a work directory of its own, reachable by the postgres user, so the throttle finds only this test's server
        Path work = Path.of("/var/tmp/pgknobs", "drift-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
        CliRun.Running run = CliRun.start("run", file.toString(), "--out", out.toString(), "--progress-interval", "1s",
                "--work-dir", work.toString());
        CliRun.Result r = null;
        try (ServerThrottle throttle = new ServerThrottle(work)) {
            while (r == null) {
                // from the first measurement of the base on, a quarter more of every cycle stopped after each finished run
                throttle.stopPercent(25 * finishedRuns(out));
                try {
                    r = run.get(java.time.Duration.ofMillis(100));
                } catch (java.util.concurrent.TimeoutException stillRunning) {
                    // the run goes on: look at suite.json again
                }
            }
        } finally {
            org.pgknobs.server.Workspace.delete(work);
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
        // the A/A step: no mark in any format, no comparative why-line that reads as a cause
        ReportData.Step same = report.steps().stream().filter(s -> s.name().equals("same")).findFirst().orElseThrow();
        assertThat(same.diagnosis().why()).filteredOn(w -> Reason.EXPLAINS.equals(w.role()))
                .allSatisfy(w -> assertThat(w.rule().equals("noise-overlap") || w.text().startsWith("differs although"))
                        .as(w.text()).isTrue());
        String md = Files.readString(suite.resolve("report.md"));
        assertThat(md.lines().filter(l -> l.startsWith("| same |")).toList()).as("the A/A step's rows").isNotEmpty()
                .allSatisfy(l -> assertThat(l).doesNotContain("▲").doesNotContain("▼").doesNotContain("**")
                        .doesNotContain("reproduced"));
        assertThat(report.sweep().get(0).rows()).filteredOn(row -> row.step().equals("same"))
                .allSatisfy(row -> assertThat(row.mark()).isEqualTo(Mark.NONE));
        int checked = 0;
        for (List<Element> row : ReportHtml.rowsOf(suite.resolve("report.html"), "same")) {
            for (Element cell : row) {
                assertThat(cell.getAttribute("class")).as("same: " + cell.getTextContent()).isIn("", "name");
                checked++;
            }
        }
        assertThat(checked).as("the A/A step's cells were found in report.html").isPositive();
        assertThat(md).contains("**Drift.** The base moved -")
                .contains("effects below that are not separable from the machine");
        assertNoComparativeWhyLine(same, suite);
        assertThat(r.out()).contains("warm-up: base once before anything is measured")
                .containsPattern("bracket: base [0-9,]+/s, -[0-9]+ % against its first measurement");
    }

    /**
     * Issue 45's acceptance on the suite's A/A run: the A/A step's why-lines as report.json has them are the ones
     * report.md and report.html print, none says "no rule explains it", summary.md's row carries no mark, and the
     * differential flame graph colours no frame, in its data and as Chromium draws it.
     */
    private void assertNoComparativeWhyLine(ReportData.Step same, Path suite) throws Exception {
        String md = Files.readString(suite.resolve("report.md"));
        String html = Files.readString(suite.resolve("report.html"));
        String summary = Files.readString(suite.resolve("summary.md"));
        assertThat(same.diagnosis().why()).extracting(Reason::rule).doesNotContain("unexplained");
        for (Reason r : same.diagnosis().why()) {
            if (Reason.EXPLAINS.equals(r.role())) {
                assertThat(md).contains("**same**: " + r.text());
                assertThat(html).contains("<b>same</b>: " + org.apache.commons.text.StringEscapeUtils.escapeXml10(r.text()));
            }
        }
        assertThat(md).doesNotContain("no rule explains it");
        assertThat(summary.lines().filter(l -> l.startsWith("| 2 | same |") || l.contains("| same |")).toList())
                .as("summary.md's A/A row").isNotEmpty()
                .allSatisfy(l -> assertThat(l).doesNotContain("▲").doesNotContain("▼").doesNotContain("**")
                        .doesNotContain("reproduced"));
        // the differential flame graph: a frame is coloured only where the why-gate is open and its change passes
        Path sameDir;
        try (Stream<Path> steps = Files.list(suite.resolve("steps"))) {
            sameDir = steps.filter(p -> p.getFileName().toString().endsWith("-same")).findFirst().orElseThrow();
        }
        org.pgknobs.results.ProfileSummary profile = org.pgknobs.results.ProfileSummary.read(sameDir.resolve("r1"))
                .orElse(null);
        org.pgknobs.testing.RequiredTools.require(profile != null && profile.captured() ? null
                : "the A/A run has no profile: " + (profile == null ? "no profile summary" : profile.reason()));
        java.util.regex.Matcher diff = java.util.regex.Pattern.compile("data-diff=\"true\"").matcher(html);
        int graphs = 0;
        while (diff.find()) {
            graphs++;
        }
        assertThat(graphs).as("the A/A step's differential flame graph").isPositive();
        assertThat(html).contains("every frame grey").doesNotContain("frames; the others grey");
        org.pgknobs.testing.Chromium.require();
        Path page = suite.resolve("report.html");
        org.pgknobs.process.CommandResult drawn = org.pgknobs.testing.Chromium.dumpDom(page, browserProfile,
                org.pgknobs.testing.Chromium.OPEN_EVERY_SECTION); // the graphs are drawn when their section opens
        assertThat(drawn.exitCode()).as(drawn.output()).isZero();
        assertThat(drawn.output().lines().filter(l -> l.contains(":CONSOLE")).toList()).as("the page's console").isEmpty();
        java.util.regex.Matcher coloured = java.util.regex.Pattern.compile("data-coloured=\"(\\d+)\"")
                .matcher(drawn.output());
        int drawnGraphs = 0;
        while (coloured.find()) {
            assertThat(coloured.group(1)).as("coloured frames of an A/A differential").isEqualTo("0");
            drawnGraphs++;
        }
        assertThat(drawnGraphs).as("every differential drawn").isEqualTo(graphs);
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
}
