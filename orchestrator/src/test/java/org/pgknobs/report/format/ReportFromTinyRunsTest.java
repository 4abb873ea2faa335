package org.pgknobs.report.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.cli.ReportFiles;
import org.pgknobs.report.ReportData;
import org.pgknobs.testing.TinyRuns;

/**
 * Reports of the shipped experiments' tiny runs made by the real {@code pgknobs run} (TPC-C with the
 * built-in driver, and the cx7a sweep): numbers against the step files, charts present, HTML parsable.
 */
class ReportFromTinyRunsTest {

    private final ObjectMapper json = new ObjectMapper();

    @TempDir
    Path out;

    @Test
    void everyLinkToAWhyAnchorFindsItsAnchorInEveryTinyRun() throws Exception {
        for (TinyRuns.Run tiny : List.of(TinyRuns.article(), TinyRuns.sweep())) {
            Path dir = Files.createDirectories(out.resolve(tiny.directory().getFileName()));
            ReportFiles.write(List.of(tiny.directory()), dir, Optional.empty());
            String md = Files.readString(dir.resolve(Reports.MARKDOWN));
            // summary.md (written by the run) links into report.md: its links count as report.md's
            String summary = Files.readString(tiny.directory().resolve("summary.md"));
            WhyLinesReportTest.assertEveryWhyLinkHasItsAnchor(md + summary.replace("(report.md#", "(#"),
                    Files.readString(dir.resolve(Reports.HTML)));
        }
    }

    @Test
    void articleReportTakesThroughputFromStepJsonAndSeriesFromTpccSamples() throws Exception {
        Path run = TinyRuns.article().directory();
        ReportData data = ReportFiles.write(List.of(run), out, Optional.empty());
        ReportData.Run r = data.runs().get(0);
        assertThat(r.mode()).isEqualTo("cumulative");
        assertThat(r.setup().headlinePhase()).isEqualTo("tpcc");
        assertThat(r.steps()).hasSizeGreaterThanOrEqualTo(2);
        for (ReportData.Step s : r.steps()) {
            Path dir = run.resolve("steps").resolve(String.format("%02d-%s", s.index(), s.name()));
            if (!"done".equals(s.status())) {
                assertThat(s.effect().throughput()).isNull();
                continue;
            }
            JsonNode step = json.readTree(dir.resolve("step.json").toFile());
            JsonNode tpcc = step.at("/workload/phases/0");
            assertThat(s.effect().throughput().median()).isEqualTo(tpcc.get("throughput").asDouble());
            assertThat(s.effect().goodput().median()).isEqualTo(tpcc.get("goodput").asDouble());
            long rows = Files.readAllLines(dir.resolve("tpcc.samples.csv")).stream().skip(1).filter(l -> !l.isBlank()).count();
            assertThat(s.series().perSecond()).hasSize((int) rows);
            JsonNode derived = json.readTree(dir.resolve("pgstats.json").toFile()).at("/windows/0/derived");
            if (derived.hasNonNull("autovacuumPerMinute")) {
                assertThat(s.server().autovacuumPerMinute()).isCloseTo(derived.get("autovacuumPerMinute").asDouble(), within(1e-9));
            }
        }
        assertThat(r.steps().get(0).effect().published()).isEqualTo(7082.0);
        assertNamesTheAutovacuumWorkersTables(run, r, Files.readString(out.resolve(Reports.MARKDOWN)));
        Path html = out.resolve(Reports.HTML);
        String text = Files.readString(html);
        // the inlined ECharts library names XML namespaces (http://www.w3.org/...) and its licence: no address the page
        // loads; everything else in the page holds none
        assertThat(text).contains(FlameGraphs.library());
        assertThat(text.replace(FlameGraphs.library(), "")).doesNotContain("http://").doesNotContain("https://");
        // the forest plot, throughput per step, per-second and a checkpoint timeline per measured step: drawn in the page
        assertThat(DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(html.toFile())
                .getElementsByTagName("img").getLength()).isZero();
        assertThat(text.split("data-chart=\"", -1).length - 1).isGreaterThanOrEqualTo(3 + r.steps().size() - 1);
    }

    /** From autovacuum on (naptime 1 s, thresholds 0) the workers are seen; report.md names their busiest table. */
    private void assertNamesTheAutovacuumWorkersTables(Path run, ReportData.Run r, String md) throws Exception {
        boolean seen = false;
        for (ReportData.Step s : r.steps()) {
            Path stats = run.resolve("steps").resolve(String.format("%02d-%s", s.index(), s.name())).resolve("pgstats.json");
            JsonNode av = Files.isRegularFile(stats) ? json.readTree(stats.toFile()).at("/windows/0/derived/autovacuum") : null;
            if (av != null && !av.isMissingNode() && av.get("startedRuns").asLong() > 0) {
                long atOpen = 0;
                for (JsonNode t : av.get("tables")) {
                    atOpen += t.get("runningAtOpen").asLong();
                }
                assertThat(md).containsPattern("- \\*\\*" + s.name() + "\\*\\*: workers on "
                        + av.at("/tables/0/table").asText() + " \\d+ %.*; runs "
                        + (atOpen > 0 ? atOpen + " running since before the window, " : "")
                        + av.get("startedRuns").asLong() + " started");
                seen = true;
            }
        }
        assertThat(seen).as("autovacuum workers seen starting a run in some step of " + run).isTrue();
    }

    /** observe: [statements] of the shipped file, end to end: preloaded and verified in every step, read, reported. */
    @Test
    void articleRunObservesStatementsInEveryStepAndTheReportShowsTheirTopStatements() throws Exception {
        Path run = TinyRuns.article().directory();
        JsonNode suite = json.readTree(run.resolve("suite.json").toFile());
        assertThat(suite.at("/observed/captures/0").asText()).isEqualTo("statements");
        assertThat(suite.at("/observed/addedSettings/shared_preload_libraries").asText()).isEqualTo("pg_stat_statements");
        ReportData.Run r = ReportFiles.write(List.of(run), out, Optional.empty()).runs().get(0);
        assertThat(r.setup().observed()).startsWith("statements, profile (added to every step, the base included: shared_preload_libraries");
        String previous = null;
        for (ReportData.Step s : r.steps()) {
            // the step before, when it has statements to compare with (a failed step has none)
            String compared = previous;
            previous = "done".equals(s.status()) ? s.name() : null;
            if (!"done".equals(s.status())) {
                continue;
            }
            Path dir = run.resolve("steps").resolve(String.format("%02d-%s", s.index(), s.name()));
            JsonNode preload = null;
            for (JsonNode setting : json.readTree(dir.resolve("settings.json").toFile()).get("settings")) {
                if (setting.get("name").asText().equals("shared_preload_libraries")) {
                    preload = setting;
                }
            }
            assertThat(preload).as(s.name()).isNotNull();
            assertThat(preload.get("verified").asBoolean()).isTrue();
            assertThat(preload.get("effective").asText()).contains("pg_stat_statements");
            JsonNode window = json.readTree(dir.resolve("statements.json").toFile()).at("/windows/0");
            assertThat(window.get("phase").asText()).isEqualTo("tpcc");
            assertThat(window.get("statements").size()).as(s.name()).isPositive();
            assertThat(s.captured().statements().top()).isNotEmpty();
            assertThat(s.captured().statements().against()).isEqualTo(compared);
        }
        assertThat(Files.readString(out.resolve(Reports.MARKDOWN))).contains("### Top statements by server time",
                "- observed: statements");
        assertThat(Files.readString(out.resolve(Reports.HTML))).contains("<summary>Top statements by server time</summary>");
    }

    @Test
    void articleReportNamesTheIndexStepsSwitchFromIndexToSeqScans() throws Exception {
        ReportData.Run r = ReportFiles.write(List.of(TinyRuns.article().directory()), out, Optional.empty()).runs().get(0);
        ReportData.Step index = r.steps().stream().filter(s -> s.name().equals("index")).findFirst().orElseThrow();
        assertThat(index.captured().plans().against()).isEqualTo("wal");
        assertThat(index.captured().plans().changes()).extracting(c -> c.text())
                .contains("NewOrder.getStock: Index Scan using stock_pkey on stock → Seq Scan on stock");
        assertThat(index.diagnosis().why()).extracting(w -> w.rule()).contains("plan-changed");
        // the base has nothing to be compared with; shared_buffers alone moves no plan
        assertThat(r.steps().get(0).captured().plans()).isNull();
        assertThat(r.steps().stream().filter(s -> s.name().equals("cache-8mb")).findFirst().orElseThrow().captured().plans().changes())
                .isEmpty();
        assertThat(Files.readString(out.resolve(Reports.MARKDOWN))).contains("### Plan changes")
                .contains("| index | wal | NewOrder.getStock | Index Scan using stock_pkey on stock | Seq Scan on stock |");
        assertThat(Files.readString(out.resolve(Reports.HTML))).contains("<summary>Plan changes</summary>");
    }

    @Test
    void sweepReportPutsHeadlinePhaseFirstWithPublishedRelativeValues() throws Exception {
        Path run = TinyRuns.sweep().directory();
        ReportData data = ReportFiles.write(List.of(run), out, Optional.empty());
        ReportData.Run r = data.runs().get(0);
        assertThat(r.mode()).isEqualTo("variants");
        assertThat(r.sweep().get(0).phase()).isEqualTo("l.i1");
        ReportData.RelativeRow a3 = r.sweep().get(0).rows().stream().filter(x -> x.step().equals("a3")).findFirst().get();
        assertThat(a3.publishedRelative()).isCloseTo(161681.0 / 154202, within(1e-9));
        assertThat(Files.readString(out.resolve(Reports.MARKDOWN))).contains("### l.i1: relative to base");
        // a6 sets backend_flush_after: at this size no backend writes a page, in a6 or in the base
        ReportData.Step a6 = r.steps().stream().filter(x -> x.name().equals("a6")).findFirst().get();
        assertThat(a6.diagnosis().nothingToActOn()).extracting(org.pgknobs.report.why.Inert::family)
                .contains("backend writeback");
        assertThat(a6.diagnosis().why()).extracting(org.pgknobs.report.why.Reason::text)
                .anyMatch(t -> t.startsWith("backend_flush_after 256kB: the counters show 0 writebacks by backends in"
                        + " either step (base and a6, warm-up and every phase of all 2 + 2 measured repeats)"));
        assertThat(r.steps().get(0).diagnosis().nothingToActOn()).as("the base is compared with nothing").isEmpty();
        assertThat(Files.readString(out.resolve(Reports.MARKDOWN))).contains("backend_flush_after (0 writebacks by backends)");
    }
}
