package org.pgknobs.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.cli.Main;
import org.pgknobs.report.Mark;
import org.pgknobs.report.ReportData;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.testing.CliRun;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * An A/A run on real PostgreSQL (issue 36): a variants file whose base is repeated with two steps that set settings
 * to their defaults (log_min_messages: warning, seq_page_cost: 1), and one real change (index scans off on
 * TPC-C 1 warehouse, slower on every lookup), 3 interleaved repeats. Every mark in report.md, report.json and report.html
 * is the interval's ({@link Mark}): an A/A row carries a mark only if its own interval excludes 1, which the Welch
 * interval lets happen in about 5 % of A/A steps (docs/statistics.md), so the test reads each row's mark against its
 * interval rather than assume the interval holds 1. The real change is read the same way: on a quiet machine its
 * interval clears 1 and it is marked, but on a loaded machine its 3 repeats can give an interval holding 1, and an
 * unmarked cell is then the right report.
 */
class AaMarksSuiteTest {

    @TempDir
    Path dir;

    @Test
    void aaStepsAreMarkedOnlyByTheirIntervalAndTheRealChangeIsMarked() throws Exception {
        Path file = dir.resolve("aa.yaml");
        Files.writeString(file, "name: aa\nmode: variants\n"
                + "server:\n  base: {shared_buffers: 32MB, max_connections: 20}\n"
                + "workload: {kind: tpcc, warehouses: 1, terminals: 2, warmup: 1s, duration: 3s}\n"
                + "repeats: 3\nobserve: []\ndata: restore\nsteps:\n  - name: base\n"
                + "  - name: aa-log\n    settings: {log_min_messages: warning}\n"
                + "  - name: aa-seq\n    settings: {seq_page_cost: 1}\n"
                // index scans off, bitmap scans left on: slower on every lookup, yet not down to nothing in a 3 s window
                // (a repeat that completes nothing has no log, so no interval)
                + "  - name: no-index\n    settings: {enable_indexscan: 'off'}\n");
        Path out = dir.resolve("results");
        CliRun.Result r = CliRun.execute("run", file.toString(), "--out", out.toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Main.OK);
        Path suite;
        try (Stream<Path> s = Files.find(out, 3, (p, a) -> p.getFileName().toString().equals("suite.json"))) {
            suite = s.findFirst().orElseThrow().getParent();
        }
        ReportData data = JsonFiles.read(suite.resolve("report.json"), ReportData.class);
        ReportData.PhaseTable headline = data.runs().get(0).sweep().get(0);
        String md = Files.readString(suite.resolve("report.md"));
        for (ReportData.RelativeRow row : headline.rows()) {
            if (row.step().equals("base")) {
                continue;
            }
            assertThat(row.interval().present()).as(row.step() + ": 3 repeats a side give an interval: " + row.value()
                    + ", " + row.interval().noInterval()).isTrue();
            Mark expected = row.interval().lower() > 1 ? Mark.UP : row.interval().upper() < 1 ? Mark.DOWN : Mark.NONE;
            assertThat(row.mark()).as(row.step() + " " + row.interval()).isEqualTo(expected);
            String mdRow = md.lines().filter(l -> l.startsWith("| " + row.step() + " |")).findFirst().orElseThrow();
            if (expected == Mark.NONE) {
                assertThat(mdRow).as(row.step()).doesNotContain("▲").doesNotContain("▼").doesNotContain("**");
                assertThat(row.withinNoise()).isTrue();
            } else {
                assertThat(mdRow).as(row.step()).contains(expected == Mark.UP ? " ▲**" : " ▼**");
            }
        }
        // report.html: the same cells' classes, read from the page's DOM (it is well-formed XML)
        NodeList rows = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(suite.resolve("report.html").toFile()).getElementsByTagName("tr");
        int checked = 0;
        for (int i = 0; i < rows.getLength(); i++) {
            Element tr = (Element) rows.item(i);
            NodeList cells = tr.getElementsByTagName("td");
            if (cells.getLength() == 0) {
                continue;
            }
            String step = cells.item(0).getTextContent();
            ReportData.RelativeRow row = headline.rows().stream().filter(x -> x.step().equals(step)).findFirst().orElse(null);
            if (row == null || row.step().equals("base") || row.mark() != Mark.NONE) {
                continue;
            }
            for (int c = 1; c < cells.getLength(); c++) {
                String cls = ((Element) cells.item(c)).getAttribute("class");
                assertThat(cls).as(step + " cell " + c).isIn("", "name");
                checked++;
            }
        }
        assertThat(checked).as("the unmarked rows' cells were found in the HTML").isPositive();
    }
}
