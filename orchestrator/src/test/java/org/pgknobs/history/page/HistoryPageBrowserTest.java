package org.pgknobs.history.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.history.HistoryLocation;
import org.pgknobs.history.HistoryStore;
import org.pgknobs.history.RunEntry;
import org.pgknobs.history.RunFacts;
import org.pgknobs.history.StepEntry;
import org.pgknobs.history.StoredStep;
import org.pgknobs.history.changes.ChangePointOptions;
import org.pgknobs.json.Json;
import org.pgknobs.process.CommandResult;
import org.pgknobs.report.format.ChartPage;
import org.pgknobs.testing.Chromium;
import org.pgknobs.testing.CliRun;

/**
 * {@code pgknobs history --html} on a SQLite store of six synthetic runs (no server): an order-status step whose last
 * three runs turn index scans off (~100/s → ~70/s, three repeats each, so intervals) and whose sixth ran on a machine
 * whose cpu probe took twice as long, and a base step of one repeat per run (no intervals, no change). The page is
 * self-contained and well-formed; each chart's rows are the {@link HistorySeries} figures; in headless Chromium each
 * chart draws a point per run where its numbers say, a band per run with an interval spanning its ends, the change
 * point between runs 3 and 4, a ring on run 6, hover text with the run, value, interval and what differed, and
 * nothing is written to the console.
 */
class HistoryPageBrowserTest {

    private static final Pattern CHART_DATA = Pattern.compile(
            "<script type=\"application/json\" id=\"([^\"]+)-data\">(.*?)</script>", Pattern.DOTALL);

    private static String calibration(double cpuMs) {
        return "{\"probes\":[{\"name\":\"cpu\",\"unit\":\"ms\",\"values\":[" + cpuMs + "," + cpuMs * 1.02 + ","
                + cpuMs * 0.99 + "],\"median\":" + cpuMs + "}],\"directory\":\"/tmp\",\"loadAverage\":0.5,\"seconds\":1.0}";
    }

    /** Run i (1-based): order-status at ~100/s, ~70/s from run 4 (index scans off); run 6 on a slower machine. */
    private static RunEntry run(int i) {
        boolean slow = i >= 4;
        double level = slow ? 70 : 100;
        double wobble = 1 + 0.01 * ((i * 7) % 3 - 1);  // ±1 %, deterministic
        String started = "2026-12-0" + i + "T00:00:00Z";
        RunFacts facts = new RunFacts("run" + i, "exp", "/results/exp/2026-12-0" + i, started, "0.1.0", "abc1234def",
                "18.6", "PostgreSQL 18.6", "{\"kind\":\"tpcc\"}", "{\"cores\":2}", calibration(i == 6 ? 20 : 10));
        TreeMap<String, String> settings = new TreeMap<>(slow ? Map.of("enable_indexscan", "off") : Map.of());
        List<StepEntry.RepeatValue> values = new ArrayList<>();
        for (int r = 1; r <= 3; r++) {
            values.add(new StepEntry.RepeatValue(r, level * wobble * (1 + 0.02 * (r - 2)), 3.0, started));
        }
        StepEntry orderStatus = new StepEntry("order-status", 1, "fp-" + settings, settings, "tpcc", level, null, values);
        StepEntry base = new StepEntry("base", 0, "fp-base", new TreeMap<>(), "tpcc", 200.0, null,
                List.of(new StepEntry.RepeatValue(1, 200 * wobble, 3.0, started)));
        return new RunEntry(facts, List.of(base, orderStatus));
    }

    @Test
    void theHistoryPageDrawsEverySeriesWithItsIntervalsChangePointAndMachine(@TempDir Path tmp) throws Exception {
        Chromium.require();
        Path file = tmp.resolve("history.sqlite");
        List<StoredStep> stored;
        try (HistoryStore store = HistoryStore.open(new HistoryLocation(file.toString()))) {
            for (int i = 1; i <= 6; i++) {
                store.record(run(i));
            }
            stored = store.steps(null, null, null);
        }
        Path page = tmp.resolve("out").resolve("history.html");

        CliRun.Result r = CliRun.execute("history", "--html", page.toString(), "--history", file.toString());

        assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("history page: " + page + " (2 series, 1 change point(s))");
        // the terminal's list of the same change point, with what differed between the runs either side of it
        CliRun.Result changes = CliRun.execute("history", "changes", "--step", "order-status", "--history", file.toString());
        assertThat(changes.exitCode()).as(changes.out() + changes.err()).isZero();
        assertThat(changes.out()).contains("1 change point(s)").contains("  at run 4 of 6 (")
                .contains("differed: settings enable_indexscan (unset) → off");
        CliRun.Result badWindow = CliRun.execute("history", "changes", "--window", "1", "--history", file.toString());
        assertThat(badWindow.exitCode()).as(badWindow.err()).isEqualTo(2);
        assertThat(badWindow.err()).contains("window must be at least 2 points").contains("fix:");
        String html = Files.readString(page);
        // self-contained: ECharts and the drawing code inlined once; outside them no address and nothing to load
        String scripts = ChartPage.scripts(html.substring(0, html.indexOf("<script>//<![CDATA[")));
        assertThat(html.split(Pattern.quote(scripts), -1)).hasSize(2);
        assertThat(html.replace(scripts, "")).doesNotContain("://").doesNotContain(" src=").doesNotContain("<link");
        assertThat(DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(page.toFile())
                .getElementsByTagName("h2").getLength()).isEqualTo(2);

        List<HistorySeries> series = HistorySeries.of(stored, ChangePointOptions.DEFAULTS);
        Map<String, JsonNode> charts = charts(html);
        assertThat(charts).hasSize(series.size());
        HistorySeries orderStatus = series.stream().filter(s -> s.step().equals("order-status")).findFirst().orElseThrow();
        assertThat(orderStatus.changes()).extracting(HistorySeries.Change::index).containsExactly(3);
        assertThat(orderStatus.points().get(5).machine()).startsWith("cpu ×0.");
        assertThat(orderStatus.points().stream().filter(p -> !p.machine().isEmpty()).count()).isOne();
        int k = 0;
        for (JsonNode chart : charts.values()) {
            HistorySeries s = series.get(k++);
            JsonNode rows = chart.get("rows");
            assertThat(rows).hasSize(s.points().size());
            for (int i = 0; i < rows.size(); i++) {
                HistorySeries.Point p = s.points().get(i);
                assertThat(rows.get(i).get(2).asDouble()).isEqualTo(p.value());
                assertThat(rows.get(i).get(3).isNull()).isEqualTo(p.lower() == null);
                assertThat(p.lower() == null || p.lower() < p.value() && p.value() < p.upper()).isTrue();
            }
        }

        String probe = new String(getClass().getResourceAsStream("history-probe.js").readAllBytes(), StandardCharsets.UTF_8);
        CommandResult dom = Chromium.dumpDom(page, tmp.resolve("browser"), probe);

        assertThat(dom.exitCode()).as(dom.output()).isZero();
        assertThat(dom.output().lines().filter(l -> l.contains(":CONSOLE")).toList()).as("the page's console").isEmpty();
        String written = Chromium.probed(dom);
        assertThat(written).as("the probe ran").isNotNull();
        JsonNode drawn = Json.tree(written);
        assertThat(drawn.get("drawn").asInt()).isEqualTo(series.size());
        k = 0;
        for (String id : charts.keySet()) {
            HistorySeries s = series.get(k++);
            JsonNode c = drawn.at("/charts/" + id);
            assertThat(c.get("points")).as(id + ": a point per run").hasSize(s.points().size());
            // up is larger: the pixels order as the values do
            for (int i = 0; i + 1 < s.points().size(); i++) {
                double dy = c.at("/pixels/" + (i + 1) + "/1").asDouble() - c.at("/pixels/" + i + "/1").asDouble();
                double dv = s.points().get(i + 1).value() - s.points().get(i).value();
                assertThat(Math.signum(dy)).as(id + " run " + (i + 2)).isEqualTo(-Math.signum(dv));
            }
            long withInterval = s.points().stream().filter(p -> p.lower() != null).count();
            assertThat(c.get("bands")).as(id + ": a band per run with an interval").hasSize((int) withInterval);
            for (JsonNode end : c.get("ends")) {
                assertThat(hasBand(c.get("bands"), end)).as(id + " " + end).isTrue();
            }
            assertThat(c.get("changes")).extracting(JsonNode::asDouble)
                    .containsExactlyElementsOf(s.changes().stream().map(x -> x.index() + 0.5).toList());
            List<Integer> ringed = new ArrayList<>();
            for (int i = 0; i < s.points().size(); i++) {
                if (!s.points().get(i).machine().isEmpty()) {
                    ringed.add(i + 1);
                }
            }
            assertThat(c.get("rings")).extracting(JsonNode::asInt).containsExactlyElementsOf(ringed);
            for (int i = 0; i < s.points().size(); i++) {
                tip(c.get("tips").get(i).asText(), s, i);
            }
        }
    }

    /** A point's hover text: the run, its value and interval (or why none), the change point, the machine, what differed. */
    private static void tip(String tip, HistorySeries s, int i) {
        HistorySeries.Point p = s.points().get(i);
        assertThat(tip).startsWith("run " + (i + 1) + " " + p.started()).contains(p.runKey()).contains(p.resultDir())
                .contains(num(p.value()) + "/s");
        assertThat(tip).contains(p.lower() == null ? "(1 repeat: no interval)"
                : "[" + num(p.lower()) + "–" + num(p.upper()) + "] 95 % (" + p.repeats() + " repeats)");
        s.changes().stream().filter(c -> c.index() == i).forEach(c -> assertThat(tip)
                .contains("change point before this run: after ÷ before " + HistoryPage.change(c)));
        assertThat(tip.contains("machine differed: ")).isEqualTo(!p.machine().isEmpty());
        assertThat(tip).contains(i == 0 ? "first run" : p.differed().isEmpty() ? "nothing differed from the run before"
                : "differed from the run before: " + String.join("; ", p.differed()));
        if (i == 3 && s.step().equals("order-status")) {
            assertThat(tip).contains("settings enable_indexscan (unset) → off");
        }
    }

    /** A band drawn at the run's x from its upper end's pixel to its lower end's. */
    private static boolean hasBand(JsonNode bands, JsonNode end) {
        for (JsonNode b : bands) {
            if (Math.abs(b.get(0).asDouble() - end.get(0).asDouble()) < 0.01
                    && Math.abs(b.get(1).asDouble() - end.get(1).asDouble()) < 0.01
                    && Math.abs(b.get(2).asDouble() - end.get(2).asDouble()) < 0.01) {
                return true;
            }
        }
        return false;
    }

    /** charts.js's rendering of a figure: 3 significant digits, whole numbers from 100 on. */
    private static String num(double v) {
        double a = Math.abs(v);
        return a >= 100 ? String.format(Locale.ROOT, "%.0f", v) : a >= 10 ? String.format(Locale.ROOT, "%.1f", v)
                : a >= 1 ? String.format(Locale.ROOT, "%.2f", v) : new java.math.BigDecimal(v)
                .round(new java.math.MathContext(3)).toPlainString();
    }

    private static Map<String, JsonNode> charts(String html) throws Exception {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        Matcher m = CHART_DATA.matcher(html);
        while (m.find()) {
            out.put(m.group(1), Json.tree(m.group(2)));
        }
        return out;
    }
}
