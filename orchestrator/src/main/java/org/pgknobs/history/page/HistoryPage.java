package org.pgknobs.history.page;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgknobs.history.changes.ChangePointOptions;
import org.pgknobs.report.format.ChartPage;

/**
 * {@code pgknobs history --html FILE}: one self-contained page, a chart per series ({@link HistorySeries}) drawn by
 * the report's charts.js (kind {@code history}) with ECharts inlined once, as report.html: nothing is loaded from
 * anywhere. Each chart's rows are the series' figures, copied; its "table" button shows them.
 */
public final class HistoryPage {

    /** A row per run: what charts.js draws and the tooltip says. */
    static final List<String> COLUMNS = List.of("run", "started", "value", "lower", "upper", "repeats", "change",
            "changeP", "machine", "differed", "runKey", "directory");

    private HistoryPage() {
    }

    /**
     * The page of {@code series}; {@code source} says which history they came from, {@code options} how their change
     * points were found.
     */
    public static String render(List<HistorySeries> series, String source, String generated, ChangePointOptions options) {
        StringBuilder h = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
                .append("<title>pgknobs history</title>\n<style>\n").append(ChartPage.CSS).append("</style>\n</head>\n<body>\n")
                .append("<h1>pgknobs history</h1>\n<p class=\"meta\">Generated ").append(ChartPage.esc(generated))
                .append(" from the history ").append(ChartPage.esc(source)).append(": ").append(series.size())
                .append(" series.</p>\n<div class=\"legend\"><p>").append(ChartPage.esc(legend(options)))
                .append("</p></div>\n");
        if (series.isEmpty()) {
            h.append("<p>No step recorded.</p>\n");
        }
        for (int i = 0; i < series.size(); i++) {
            HistorySeries s = series.get(i);
            h.append("<h2>").append(ChartPage.esc(s.name())).append("</h2>\n");
            h.append(ChartPage.chart("history-" + i, "history", title(s), COLUMNS, rows(s), options()));
        }
        h.append(ChartPage.scripts(h.toString()));
        return h.append("</body>\n</html>\n").toString();
    }

    static String legend(ChangePointOptions o) {
        return "Each point: a run's headline throughput per second, the geometric mean of its repeats, with the 95 % "
                + "interval of that mean from the run's own repeats (Student's t on logs) as a band; a run with one "
                + "repeat has no band. A dashed line: a change point between the last run before it and the first "
                + "after (E-divisive means with Student's t-test, as Apache Otava: window " + o.window() + ", p below "
                + o.maxPValue() + ", minimum magnitude " + o.minMagnitude() + "), labelled with after ÷ before and its "
                + "95 % interval. A ring: a run whose machine calibration differed from the run before's beyond the "
                + "probes' noise. Hover a point for the run, its value and interval, and what differed from the run "
                + "before; \"table\" shows the figures.";
    }

    private static String title(HistorySeries s) {
        return s.name() + " (per second; " + s.points().size() + " run(s), " + s.changes().size() + " change point(s))";
    }

    /** The series' rows, a run each, oldest first; the change columns on the first run after a change point. */
    static List<List<Object>> rows(HistorySeries s) {
        Map<Integer, HistorySeries.Change> changes = new LinkedHashMap<>();
        s.changes().forEach(c -> changes.put(c.index(), c));
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < s.points().size(); i++) {
            HistorySeries.Point p = s.points().get(i);
            HistorySeries.Change c = changes.get(i);
            rows.add(Arrays.asList(i + 1, p.started(), p.value(), p.lower(), p.upper(), p.repeats(),
                    c == null ? null : change(c), c == null ? null : c.pValue(), p.machine().isEmpty() ? null : p.machine(),
                    p.differed().isEmpty() ? null : String.join("; ", p.differed()), p.runKey(), p.resultDir()));
        }
        return rows;
    }

    /** "×0.700 [0.683, 0.717]", or "×0.700 (no interval: …)": after ÷ before. */
    static String change(HistorySeries.Change c) {
        return c.lower() == null ? String.format(Locale.ROOT, "×%.3g (no interval: %s)", c.ratio(), c.noInterval())
                : String.format(Locale.ROOT, "×%.3g [%.3g, %.3g]", c.ratio(), c.lower(), c.upper());
    }

    private static Map<String, Object> options() {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("x", "run (oldest first)");
        o.put("y", "per second");
        return o;
    }
}
