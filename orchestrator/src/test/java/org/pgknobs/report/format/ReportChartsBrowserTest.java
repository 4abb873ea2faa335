package org.pgknobs.report.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.json.Json;
import org.pgknobs.process.CommandResult;
import org.pgknobs.testing.Chromium;
import org.pgknobs.testing.TinyRuns;

/**
 * report.html's charts as a reader meets them, on the shared tiny runs' own pages (the sweep: two repeats, so
 * intervals; the article: one repeat, so none): the figures every chart draws are report.json's, and, in headless
 * Chromium, the forest plot draws one mark per step with whiskers whose pixel positions follow the numbers (read back
 * from the ECharts instance with {@code convertToPixel} and from the lines it drew), its hover text holds the figures,
 * the folded sections draw their charts when opened and not before, and nothing writes to the console.
 */
class ReportChartsBrowserTest {

    private static final Pattern CHART_DATA = Pattern.compile(
            "<script type=\"application/json\" id=\"([^\"]+)-data\">(.*?)</script>", Pattern.DOTALL);

    @Test
    void everyChartsFiguresAreReportJsons(@TempDir Path tmp) throws Exception {
        for (TinyRuns.Run run : List.of(TinyRuns.sweep(), TinyRuns.article())) {
            Path out = render(run, tmp.resolve(run.directory().getParent().getFileName()));
            JsonNode report = Json.readTree(out.resolve(Reports.JSON)).get("runs").get(0);
            Map<String, JsonNode> charts = charts(out.resolve(Reports.HTML));
            assertThat(charts).as("a forest plot, throughput per step, and more").hasSizeGreaterThanOrEqualTo(3);
            Map<String, JsonNode> steps = new HashMap<>();
            report.get("steps").forEach(s -> steps.put(s.get("name").asText(), s));
            int checked = 0;
            for (Map.Entry<String, JsonNode> e : charts.entrySet()) {
                JsonNode c = e.getValue();
                for (JsonNode row : c.get("rows")) {
                    switch (c.get("kind").asText()) {
                        case "forest" -> forestRow(report, steps, c.get("title").asText(), row);
                        case "throughput" -> {
                            JsonNode s = steps.get(row.get(0).asText());
                            same(row.get(1), s.at("/throughput/median"));
                            same(row.get(4), s.get("published"));
                        }
                        case "stacked" -> {
                            JsonNode io = steps.get(row.get(0).asText()).get("io");
                            for (int i = 1; i < row.size(); i++) {
                                JsonNode t = io.get(c.get("columns").get(i).asText());
                                if (row.get(i).isNull()) {
                                    assertThat(t).as("a backend type the step did not report").isNull();
                                    continue;
                                }
                                assertThat(row.get(i).asDouble()).isCloseTo(t.get("readsPerSecond").asDouble()
                                        + t.get("writesPerSecond").asDouble() + t.get("extendsPerSecond").asDouble(), within(1e-9));
                            }
                        }
                        case "lines" -> linesRow(e.getKey(), steps, report, row);
                        default -> throw new AssertionError("a chart kind this test does not know: " + c.get("kind"));
                    }
                    checked++;
                }
            }
            assertThat(checked).as("figures compared with report.json").isGreaterThan(10);
            // beside the plot, the one line summary.md prints under its table
            String verdict = Files.readAllLines(run.directory().resolve("summary.md")).stream()
                    .filter(l -> l.startsWith("Verdict: ")).findFirst().orElseThrow();
            assertThat(Files.readString(out.resolve(Reports.HTML))).contains("<p class=\"summary\">"
                    + HtmlReport.esc(verdict) + "</p>");
        }
    }

    @Test
    void theForestPlotDrawsEachStepsIntervalWhereItsNumbersSayHoverGivesThemAndSectionsFold(@TempDir Path tmp)
            throws Exception {
        Chromium.require();
        Path page = render(TinyRuns.sweep(), tmp.resolve("report")).resolve(Reports.HTML);
        Map<String, JsonNode> charts = charts(page);
        JsonNode drawn = probe(page, tmp);
        // sections fold: closed on opening, their charts drawn only once opened
        assertThat(drawn.get("closed").asInt()).isPositive();
        assertThat(drawn.get("drawnAtLoad").asInt()).isPositive().isLessThan(drawn.get("charts").asInt());
        assertThat(drawn.get("drawnOpened").asInt()).isEqualTo(drawn.get("charts").asInt()).isEqualTo(charts.size());

        int whiskers = 0;
        for (Map.Entry<String, JsonNode> e : charts.entrySet()) {
            if (!e.getValue().get("kind").asText().equals("forest")) {
                continue;
            }
            JsonNode plot = drawn.at("/forests/" + e.getKey());
            JsonNode rows = e.getValue().get("rows");
            assertThat(plot.get("rows")).as("a row per step but the base").hasSize(rows.size());
            List<double[]> figures = new ArrayList<>();   // [value, its pixel] of every figure the plot places
            figures.add(new double[] {1, plot.get("one").asDouble()});
            int marks = 0;
            for (int i = 0; i < rows.size(); i++) {
                JsonNode row = rows.get(i);
                JsonNode px = plot.get("rows").get(i);
                for (int col = 2; col <= 5; col++) {
                    if (!row.get(col).isNull()) {
                        figures.add(new double[] {row.get(col).asDouble(), px.get(List.of("", "", "estimate", "lower",
                                "upper", "published").get(col)).asDouble()});
                    }
                }
                marks += row.get(2).isNull() ? 0 : 1;
                if (!row.get(3).isNull() && !row.get(4).isNull()) {
                    // the line drawn for this row runs from the lower end's pixel to the upper's, the estimate inside
                    assertThat(hasWhisker(plot.get("whiskers"), px)).as(e.getKey() + " " + row.get(0)).isTrue();
                    assertThat(px.get("estimate").asDouble()).isBetween(px.get("lower").asDouble(), px.get("upper").asDouble());
                    whiskers++;
                }
            }
            assertThat(plot.get("estimates")).as("one mark per step with an estimate").hasSize(marks);
            // a log axis: pixels move by the same amount for the same factor, whatever the figure
            double[] a = figures.get(0);
            double[] b = figures.stream().filter(f -> Math.abs(Math.log(f[0])) > 1e-3).findFirst().orElseThrow();
            double perLog = (b[1] - a[1]) / Math.log(b[0] / a[0]);
            assertThat(perLog).as("right: larger").isPositive();
            for (double[] f : figures) {
                assertThat(f[1] - a[1]).as("pixel of " + f[0]).isCloseTo(perLog * Math.log(f[0]), within(0.01));
            }
            hover(e.getKey(), rows, drawn.at("/hovered/" + e.getKey()));
            // the table button shows the plot's rows under a header; the order button ranks them by the size of the
            // estimate (steps without one last) and puts them back
            assertThat(plot.get("tableRows").asInt()).isEqualTo(rows.size() + 1);
            List<String> runOrder = new ArrayList<>();
            rows.forEach(row -> runOrder.add(row.get(0).asText()));
            if (plot.has("ranked")) {
                List<JsonNode> byEffect = new ArrayList<>();
                rows.forEach(byEffect::add);
                byEffect.sort(java.util.Comparator.comparingDouble((JsonNode row) -> row.get(2).isNull() ? Double.MAX_VALUE
                        : -Math.abs(Math.log(row.get(2).asDouble()))));
                assertThat(plot.get("ranked")).extracting(JsonNode::asText)
                        .containsExactlyElementsOf(byEffect.stream().map(row -> row.get(0).asText()).toList());
                assertThat(plot.get("back")).extracting(JsonNode::asText).containsExactlyElementsOf(runOrder);
            }
        }
        assertThat(whiskers).as("the sweep's two repeats give intervals").isGreaterThanOrEqualTo(2);
    }

    @Test
    void everyDrawnChartHoldsReportJsonsFiguresItsTableTogglesAndAClickOnARowGoesToTheStep(@TempDir Path tmp)
            throws Exception {
        Chromium.require();
        for (TinyRuns.Run run : List.of(TinyRuns.sweep(), TinyRuns.article())) {
            Path out = render(run, tmp.resolve(run.directory().getParent().getFileName()));
            Map<String, JsonNode> charts = charts(out.resolve(Reports.HTML));
            JsonNode drawn = probe(out.resolve(Reports.HTML), tmp.resolve("probe-" + run.directory().getParent()
                    .getFileName()));
            // the figures each chart's ECharts instance holds, once every section is open, against report.json's
            ChartOptionsCheck check = new ChartOptionsCheck(Json.readTree(out.resolve(Reports.JSON)).get("runs").get(0));
            assertThat(drawn.get("options")).as("every chart drawn").hasSize(charts.size());
            int figures = 0;
            for (var e : (Iterable<Map.Entry<String, JsonNode>>) drawn.get("options")::fields) {
                figures += check.check(e.getKey(), e.getValue());
            }
            assertThat(figures).as("figures compared with report.json").isGreaterThan(30);
            // waits over time: a chart for each step one of whose rounds saw an active backend, and for no other
            List<String> waiting = new ArrayList<>();
            Json.readTree(out.resolve(Reports.JSON)).at("/runs/0/steps").forEach(s -> {
                boolean any = false;
                for (JsonNode round : s.get("waitsOverTime")) {
                    any |= round.get("backends").size() > 0;
                }
                if (any) {
                    waiting.add(s.get("index").asText());
                }
            });
            assertThat(charts.keySet().stream().filter(id -> id.startsWith("waits-"))
                    .map(id -> id.substring(id.lastIndexOf('-') + 1)).toList()).containsExactlyElementsOf(waiting);
            // every chart's "table" button shows its figures (a header and a row each) and hides them again
            for (Map.Entry<String, JsonNode> c : charts.entrySet()) {
                JsonNode t = drawn.at("/tables/" + c.getKey());
                assertThat(t.get("rows").asInt()).as(c.getKey()).isEqualTo(c.getValue().get("rows").size() + 1);
                assertThat(t.get("hiddenAgain").asBoolean()).as(c.getKey()).isTrue();
            }
            // a click on a row of each forest plot lands on that step's row of the steps table, shown
            assertThat(drawn.get("clicks")).as("a forest plot clicked").isNotEmpty();
            for (JsonNode click : drawn.get("clicks")) {
                assertThat(click.get("hash").asText()).as(click.toString()).isEqualTo("#" + click.get("anchor").asText());
                assertThat(click.get("shownAfter").asBoolean()).as(click.toString()).isTrue();
                assertThat(click.get("inView").asBoolean()).as(click.toString()).isTrue();
            }
            if (run == TinyRuns.sweep()) {
                // a sweep's steps table is folded: the first click opened it
                assertThat(drawn.get("clicks").elements().next().get("hiddenBefore").asBoolean()).isTrue();
            }
        }
    }

    /** Each page's probe, read once per test JVM (the pages of one run render the same figures). */
    private static final Map<String, JsonNode> PROBED = new HashMap<>();

    /**
     * What chart-probe.js read back from the page in headless Chromium (the element it wrote, the page's last); a run's
     * page is probed once per test JVM, its report.json the same in every rendering.
     */
    static JsonNode probe(Path page, Path dir) throws Exception {
        String key = Json.readTree(page.resolveSibling(Reports.JSON)).at("/runs/0/dir").asText();
        if (PROBED.containsKey(key)) {
            return PROBED.get(key);
        }
        String probe = new String(ReportChartsBrowserTest.class.getResourceAsStream("chart-probe.js").readAllBytes(), StandardCharsets.UTF_8);
        CommandResult r = Chromium.dumpDom(page, dir, probe);
        assertThat(r.exitCode()).as(r.output()).isZero();
        assertThat(r.output().lines().filter(l -> l.contains(":CONSOLE")).toList()).as("the page's console").isEmpty();
        String written = Chromium.probed(r);
        assertThat(written).as("the probe ran").isNotNull();
        PROBED.put(key, Json.tree(written));
        return PROBED.get(key);
    }

    /** Each estimate's tooltip names the step, its estimate and interval as drawn, and its published value and verdict. */
    private static void hover(String id, JsonNode rows, JsonNode tips) {
        int k = 0;
        for (JsonNode row : rows) {
            if (row.get(2).isNull()) {
                continue;
            }
            String tip = tips.get(k++).asText();
            assertThat(tip).as(id).startsWith(row.get(0).asText()).contains(num(row.get(2).asDouble()));
            if (!row.get(3).isNull() && !row.get(4).isNull()) {
                assertThat(tip).contains("[" + num(row.get(3).asDouble()) + "–" + num(row.get(4).asDouble()) + "] 95 %");
            }
            if (!row.get(5).isNull()) {
                assertThat(tip).contains("published " + num(row.get(5).asDouble()));
            }
            if (!row.get(6).isNull()) {
                assertThat(tip).contains("verdict: " + row.get(6).asText());
            }
            if (!row.get(11).isNull()) {
                assertThat(tip).contains(row.get(11).asText());
            }
        }
        assertThat(k).isEqualTo(tips.size());
    }

    /** charts.js's rendering of a figure: 3 significant digits, whole numbers from 100 on. */
    private static String num(double v) {
        double a = Math.abs(v);
        return a >= 100 ? String.format(Locale.ROOT, "%.0f", v) : a >= 10 ? String.format(Locale.ROOT, "%.1f", v)
                : a >= 1 ? String.format(Locale.ROOT, "%.2f", v) : new java.math.BigDecimal(v)
                .round(new java.math.MathContext(3)).toPlainString();
    }

    private static boolean hasWhisker(JsonNode whiskers, JsonNode px) {
        for (JsonNode w : whiskers) {
            if (Math.abs(w.get(0).asDouble() - px.get("lower").asDouble()) < 0.01
                    && Math.abs(w.get(1).asDouble() - px.get("upper").asDouble()) < 0.01
                    && Math.abs(w.get(2).asDouble() - px.get("y").asDouble()) < 0.01) {
                return true;
            }
        }
        return false;
    }

    /** A forest row against report.json: a chain's step effect, or the phase table's row its title names. */
    private static void forestRow(JsonNode report, Map<String, JsonNode> steps, String title, JsonNode row) {
        String step = row.get(0).asText();
        JsonNode source = null;
        for (JsonNode t : report.get("sweep")) {
            if (title.startsWith(t.get("phase").asText() + ":")) {
                for (JsonNode r : t.get("rows")) {
                    source = r.get("step").asText().equals(step) ? r : source;
                }
            }
        }
        boolean sweep = source != null;
        JsonNode s = sweep ? source : steps.get(step);
        JsonNode interval = s.get(sweep ? "interval" : "slowdownInterval");
        same(row.get(2), s.get(sweep ? "relative" : "slowdown"));
        boolean present = interval != null && !interval.isNull() && (!interval.get("lower").isNull() || !interval.get("upper").isNull());
        same(row.get(3), present ? interval.get("lower") : null);
        same(row.get(4), present ? interval.get("upper") : null);
        same(row.get(5), s.get(sweep ? "publishedRelative" : "publishedSlowdown"));
        same(row.get(6), s.get("verdict"));
        assertThat(row.get(7).asText()).isEqualTo(s.get("mark").asText());
    }

    /** A time series row: the step's per-second throughput or phase sample, or a checkpoint's second. */
    private static void linesRow(String id, Map<String, JsonNode> steps, JsonNode report, JsonNode row) {
        if (id.startsWith("ckpt-")) {
            int index = Integer.parseInt(id.substring(id.lastIndexOf('-') + 1));
            JsonNode s = null;
            for (JsonNode step : report.get("steps")) {
                s = step.get("index").asInt() == index ? step : s;
            }
            JsonNode from = row.get(2).isNull() ? s.get("checkpoints") : s.get("perSecond");
            assertThat(contains(from, row.get(1), row.get(2))).as(id + " " + row).isTrue();
            return;
        }
        if (id.startsWith("waits-")) {
            int index = Integer.parseInt(id.substring(id.lastIndexOf('-') + 1));
            boolean found = false;
            for (JsonNode step : report.get("steps")) {
                if (step.get("index").asInt() != index) {
                    continue;
                }
                for (JsonNode round : step.get("waitsOverTime")) {
                    found |= round.get("second").asDouble() == row.get(1).asDouble()
                            && round.get("backends").path(row.get(0).asText()).asInt(0) == row.get(2).asInt();
                }
            }
            assertThat(found).as(id + " " + row).isTrue();
            return;
        }
        JsonNode s = steps.get(row.get(0).asText());
        if (id.startsWith("persecond-")) {
            assertThat(contains(s.get("perSecond"), row.get(1), row.get(2))).as(id + " " + row).isTrue();
            return;
        }
        boolean rate = id.startsWith("rate-");
        boolean found = false;
        for (var phase : (Iterable<Map.Entry<String, JsonNode>>) s.get("phaseSamples")::fields) {
            for (JsonNode p : phase.getValue()) {
                found |= p.get("second").asDouble() == row.get(1).asDouble()
                        && p.get(rate ? "ops" : "maxMs").asDouble() == row.get(2).asDouble();
            }
        }
        assertThat(found).as(id + " " + row).isTrue();
    }

    private static boolean contains(JsonNode list, JsonNode x, JsonNode y) {
        for (JsonNode p : list) {
            if (y.isNull() ? p.asDouble() == x.asDouble()
                    : p.get("x").asDouble() == x.asDouble() && p.get("y").asDouble() == y.asDouble()) {
                return true;
            }
        }
        return false;
    }

    private static void same(JsonNode chart, JsonNode json) {
        if (json == null || json.isNull() || json.isMissingNode()) {
            assertThat(chart.isNull()).as("null in report.json, null in the chart: " + chart).isTrue();
        } else if (json.isNumber()) {
            assertThat(chart.asDouble()).isEqualTo(json.asDouble());
        } else {
            assertThat(chart.asText()).isEqualTo(json.asText());
        }
    }

    /** The run's report as this build renders it (the run's own was written when the run was made). */
    private static Path render(TinyRuns.Run run, Path out) {
        assertThat(run.exitCode()).as(run.output()).isZero();
        org.pgknobs.cli.ReportFiles.write(List.of(run.directory()), out, java.util.Optional.empty());
        return out;
    }

    /** Each chart's data element of the page: its id and its JSON. */
    static Map<String, JsonNode> charts(Path page) throws Exception {
        Map<String, JsonNode> out = new java.util.LinkedHashMap<>();
        Matcher m = CHART_DATA.matcher(Files.readString(page));
        while (m.find()) {
            if (m.group(1).startsWith("flame-")) {
                continue;
            }
            out.put(m.group(1), Json.tree(m.group(2)));
        }
        return out;
    }
}
