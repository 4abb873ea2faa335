package org.pgknobs.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.report.EffectInterval;
import org.pgknobs.report.ReportData;

/**
 * Several runs or PostgreSQL versions side by side, drawn. Runs: a row per step and run but the first, its ratio to the
 * first run's with report.json's interval and mark. Versions: the chart's rows are the versions table's cells other than the reference
 * version's, each its ratio to the reference with the interval report.json carries, grey (the table marks nothing), and
 * a version that measured nothing by its status and reason, no point.
 */
@Tag("unit")
class SideBySideChartsTest {

    @Test
    void aRowPerStepAndVersionButTheReferenceWithReportJsonsRatioAndInterval(@TempDir Path tmp) throws Exception {
        EffectInterval on16 = EffectInterval.ratio("18", List.of(100.0, 104.0, 98.0), List.of(80.0, 83.0, 79.0));
        ReportData.VersionTable table = new ReportData.VersionTable(List.of(16, 17, 18), 18, List.of(
                new ReportData.VersionRow("baseline", List.of(new ReportData.VersionCell("done", 80.0, on16.ratio(), null,
                        on16), new ReportData.VersionCell("done", 101.0, 1.0, null, null),
                        new ReportData.VersionCell("done", 100.0, null, null, null))),
                new ReportData.VersionRow("io-worker", List.of(new ReportData.VersionCell("n/a", null, null,
                        "io_method is new in 18", null), new ReportData.VersionCell("n/a", null, null,
                        "io_method is new in 18", null), new ReportData.VersionCell("done", 90.0, null, null, null)))));
        ReportData data = new ReportData(ReportData.SCHEMA_VERSION, "now", "baseline", List.of(), List.of(), table, List.of());

        Path page = Files.writeString(tmp.resolve("report.html"), new HtmlReport().render(data));

        JsonNode chart = ReportChartsBrowserTest.charts(page).get("versions");
        assertThat(chart.get("kind").asText()).isEqualTo("forest");
        JsonNode rows = chart.get("rows");
        assertThat(rows).extracting(r -> r.get(0).asText())
                .containsExactly("baseline on 16", "baseline on 17", "io-worker on 16", "io-worker on 17");
        // baseline on 16: the ratio and its interval as report.json has them, unmarked
        assertThat(List.of(rows.get(0).get(2).asDouble(), rows.get(0).get(3).asDouble(), rows.get(0).get(4).asDouble()))
                .containsExactly(on16.ratio(), on16.lower(), on16.upper());
        assertThat(on16.upper()).as("a real interval, below 1").isLessThan(1);
        assertThat(rows.get(0).get(7).asText()).isEqualTo("NONE");
        // baseline on 17: a ratio without an interval is a point said to have none
        assertThat(Arrays.asList(rows.get(1).get(2).asDouble(), rows.get(1).get(3).isNull(), rows.get(1).get(9).asText()))
                .containsExactly(1.0, true, "no interval");
        // io-worker on 16: nothing measured, no point, its status and reason
        assertThat(rows.get(2).get(2).isNull()).isTrue();
        assertThat(rows.get(2).get(10).asText()).isEqualTo("n/a");
        assertThat(rows.get(2).get(11).asText()).isEqualTo("io_method is new in 18");
        // the axis holds every figure drawn, and 1
        assertThat(chart.at("/options/min").asDouble()).isLessThan(on16.lower());
        assertThat(chart.at("/options/max").asDouble()).isGreaterThan(1);
        assertThat(Files.readString(page)).contains("echarts");
    }

    @Test
    void aRowPerStepAndRunButTheFirstWithTheComparisonsRatioIntervalAndMark() {
        EffectInterval b = EffectInterval.ratio("first", List.of(100.0, 101.0, 99.0), List.of(120.0, 122.0, 119.0));
        ReportData.Setup setup = new ReportData.Setup(null, null, null, null, null);
        List<ReportData.Run> runs = List.of("2026-12-01", "2026-12-02").stream().map(label -> new ReportData.Run(label,
                "/r/" + label, "e", "variants", "done", setup, null, "base", List.of(), List.of(), null, null)).toList();
        ReportData data = new ReportData(ReportData.SCHEMA_VERSION, "now", "base", runs, List.of(
                new ReportData.ComparisonRow("a1", Arrays.asList(100.0, 120.0), Arrays.asList(null, b.ratio()),
                        Arrays.asList(null, b), Arrays.asList(null, org.pgknobs.report.Mark.UP)),
                new ReportData.ComparisonRow("a2", Arrays.asList(100.0, null), Arrays.asList(null, null),
                        Arrays.asList(null, null), Arrays.asList(null, null))), null, List.of());

        Charts.Spec chart = Charts.runs(data).orElseThrow();

        assertThat(chart.rows()).extracting(r -> r.get(0)).containsExactly("a1 in 2026-12-02", "a2 in 2026-12-02");
        assertThat(chart.rows().get(0).subList(2, 5)).containsExactly(b.ratio(), b.lower(), b.upper());
        assertThat(b.lower()).as("a real interval, above 1").isGreaterThan(1);
        assertThat(chart.rows().get(0).get(7)).isEqualTo("UP");
        assertThat(chart.rows().get(1).get(2)).isNull();
        assertThat(chart.rows().get(1).get(10)).isEqualTo("no throughput in this run");
    }
}
