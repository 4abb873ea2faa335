package org.pgknobs.report.format;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.pgknobs.json.Json;
import org.pgknobs.report.EffectInterval;
import org.pgknobs.report.ReportData;
import org.pgknobs.report.Stat;
import org.pgknobs.report.StepRun;

/**
 * The report's charts as data: each a table (its columns and rows, report.json's figures copied) that the page's
 * charts.js draws with ECharts and shows as a table on request, so every chart's numbers can be read and copied.
 * Nothing here draws a picture: the page does, in the reader's browser.
 */
final class Charts {

    /**
     * One chart: its element id, what charts.js draws ({@code kind}), its title, the figures as a table, and the
     * kind's options (axis names, log scale, the forest plot's drift band and axis range).
     */
    record Spec(String id, String kind, String title, List<String> columns, List<List<Object>> rows,
                Map<String, Object> options) {
    }

    private Charts() {
    }

    /** The chart's element and its data as JSON in a script element that charts.js reads. */
    static String html(Spec spec) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("kind", spec.kind());
        json.put("title", spec.title());
        json.put("columns", spec.columns());
        json.put("rows", spec.rows());
        json.put("options", spec.options());
        return "<figure class=\"chart " + spec.kind() + "\"><div class=\"plot\" id=\"" + spec.id() + "\" data-chart=\""
                + spec.id() + "-data\" role=\"img\" aria-label=\"" + HtmlReport.esc(spec.title()) + "\"></div>"
                + "<figcaption>" + ("forest".equals(spec.kind()) && !Boolean.TRUE.equals(spec.options().get("small"))
                ? "<button type=\"button\" class=\"order\">ranked by effect</button>" : "")
                + "<button type=\"button\" class=\"totable\" data-for=\"" + spec.id()
                + "\">table</button></figcaption></figure>\n<script type=\"application/json\" id=\"" + spec.id()
                + "-data\">" + HtmlReport.scriptJson(Json.line(json)) + "</script>\n";
    }

    /** True when the page draws a chart (or a flame graph), so ECharts must be inlined. */
    static boolean drew(String html) {
        return html.contains("data-chart=\"") || FlameGraphs.drew(html);
    }

    /**
     * The scripts the page needs, once, after every chart's element: ECharts (its WebJar's echarts.min.js, {@link
     * FlameGraphs#library}) and folds.js (drawing when a folded section opens) where anything is drawn, the flame
     * graphs' drawing code where there is one, and charts.js where there is a chart.
     */
    static String scripts(String page) {
        if (!drew(page)) {
            return "";
        }
        return FlameGraphs.script(FlameGraphs.library())
                + FlameGraphs.script(FlameGraphs.resource("org/pgknobs/report/format/folds.js"))
                + (FlameGraphs.drew(page) ? FlameGraphs.drawing() : "")
                + (page.contains("data-chart=\"") ? FlameGraphs.script(FlameGraphs.resource(
                        "org/pgknobs/report/format/charts.js")) : "");
    }

    /** An id for a run's element: its label's letters and digits, so two runs on one page never share one. */
    static String id(ReportData.Run run, String what) {
        return what + "-" + run.label().replaceAll("[^A-Za-z0-9]", "");
    }

    /** The id of a step's row in the steps table, where a click on the step's row of the forest plot leads. */
    static String stepAnchor(ReportData.Run run, String step) {
        return id(run, "step") + "-" + step.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
    }

    /**
     * The median throughput per step on a log scale with its repeats' min and max and the published value
     * (the article's headline picture).
     */
    static Optional<Spec> throughputPerStep(ReportData.Run run) {
        List<List<Object>> rows = new ArrayList<>();
        for (ReportData.Step s : run.steps()) {
            Stat t = s.effect().throughput();
            rows.add(Arrays.asList(s.name(), t == null ? null : t.median(), t == null || t.n() < 2 ? null : t.min(),
                    t == null || t.n() < 2 ? null : t.max(), s.effect().published()));
        }
        if (rows.stream().allMatch(r -> r.get(1) == null)) {
            return Optional.empty();
        }
        return Optional.of(new Spec(id(run, "throughput"), "throughput", "Throughput per step ("
                + run.setup().headlinePhase() + ", log scale)", List.of("step", "median/s", "min of repeats",
                "max of repeats", "published/s"), rows, options("step", "requests/s", true)));
    }

    /** Per-second headline throughput of every step, a line each. */
    static Optional<Spec> perSecond(ReportData.Run run) {
        List<List<Object>> rows = new ArrayList<>();
        for (ReportData.Step s : run.steps()) {
            s.series().perSecond().forEach(p -> rows.add(Arrays.asList(s.name(), p.x(), p.y())));
        }
        return rows.isEmpty() ? Optional.empty() : Optional.of(new Spec(id(run, "persecond"), "lines",
                "Per-second throughput (" + run.setup().headlinePhase() + ")", List.of("step", "second", "requests/s"),
                rows, options("second of the measured window", "requests/s", false)));
    }

    /** pg_stat_io reads + writes + extends per second, stacked by backend type, a bar per step. */
    static Optional<Spec> ioByBackendType(ReportData.Run run) {
        List<ReportData.Step> steps = run.steps().stream().filter(s -> !s.server().io().isEmpty()).toList();
        if (steps.isEmpty()) {
            return Optional.empty();
        }
        Set<String> types = new LinkedHashSet<>();
        steps.forEach(s -> types.addAll(s.server().io().keySet()));
        List<String> columns = new ArrayList<>(List.of("step"));
        columns.addAll(types);
        List<List<Object>> rows = new ArrayList<>();
        for (ReportData.Step s : steps) {
            List<Object> row = new ArrayList<>(List.of(s.name()));
            types.forEach(t -> row.add(s.server().io().containsKey(t) ? s.server().io().get(t).operationsPerSecond() : null));
            rows.add(row);
        }
        return Optional.of(new Spec(id(run, "io"), "stacked", "I/O by backend type (pg_stat_io reads + writes + extends"
                + " per second)", columns, rows, options("step", "operations/s", false)));
    }

    /**
     * Per step: the throughput line, and each checkpoint counted as an event on the same time axis (a row with the
     * second and no rate).
     */
    static List<Spec> checkpointTimelines(ReportData.Run run) {
        List<Spec> out = new ArrayList<>();
        for (ReportData.Step s : run.steps()) {
            if (s.series().perSecond().isEmpty()) {
                continue;
            }
            List<List<Object>> rows = new ArrayList<>();
            s.series().perSecond().forEach(p -> rows.add(Arrays.asList("throughput", p.x(), p.y())));
            s.series().checkpoints().forEach(t -> rows.add(Arrays.asList("checkpoint", t, null)));
            Map<String, Object> options = options("second of the measured window", "requests/s", false);
            options.put("small", true);
            out.add(new Spec(id(run, "ckpt") + "-" + s.index(), "lines", s.name() + ": throughput and checkpoints ("
                    + s.series().checkpoints().size() + ")", List.of("series", "second", "requests/s"), rows, options));
        }
        return out;
    }

    /** Insert benchmark, per phase: the per-second rate and the per-second max response time, a line per variant. */
    static List<Spec> phaseSeries(ReportData.Run run) {
        List<Spec> out = new ArrayList<>();
        for (ReportData.PhaseTable t : run.sweep()) {
            List<List<Object>> rate = new ArrayList<>();
            List<List<Object>> max = new ArrayList<>();
            for (ReportData.Step s : run.steps()) {
                List<StepRun.PhaseSample> samples = s.series().phaseSamples().get(t.phase());
                if (samples != null) {
                    samples.forEach(p -> rate.add(Arrays.asList(s.name(), p.second(), p.ops())));
                    samples.forEach(p -> max.add(Arrays.asList(s.name(), p.second(), p.maxMs())));
                }
            }
            if (rate.isEmpty()) {
                continue;
            }
            String key = t.phase().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
            Map<String, Object> small = options("second", "ops/s", false);
            small.put("small", true);
            out.add(new Spec(id(run, "rate-" + key), "lines", t.phase() + ": operations per second",
                    List.of("step", "second", "ops/s"), rate, small));
            Map<String, Object> smallMs = options("second", "ms", false);
            smallMs.put("small", true);
            out.add(new Spec(id(run, "max-" + key), "lines", t.phase() + ": max response time per second",
                    List.of("step", "second", "max ms"), max, smallMs));
        }
        return out;
    }

    /**
     * Per step: the active backends in each wait at every collector round of the headline window (report.json's
     * {@code waitsOverTime}), stacked; a wait absent from a round is 0 there, since the round counted every active
     * backend.
     */
    static List<Spec> waitsOverTime(ReportData.Run run) {
        List<Spec> out = new ArrayList<>();
        for (ReportData.Step s : run.steps()) {
            List<StepRun.WaitRound> rounds = s.series().waitsOverTime();
            Set<String> events = new LinkedHashSet<>();
            rounds.forEach(r -> events.addAll(r.backends().keySet()));
            if (events.isEmpty()) {
                continue;
            }
            List<List<Object>> rows = new ArrayList<>();
            for (String e : events) {
                rounds.forEach(r -> rows.add(Arrays.asList(e, r.second(), r.backends().getOrDefault(e, 0))));
            }
            Map<String, Object> options = options("second of the measured window", "active backends", false);
            options.put("small", true);
            options.put("stack", true);
            out.add(new Spec(id(run, "waits") + "-" + s.index(), "lines", s.name() + ": active backends by wait, per "
                    + "collector round (" + rounds.size() + ")", List.of("wait", "second", "backends"), rows, options));
        }
        return out;
    }

    /**
     * PostgreSQL versions side by side as a forest plot: a row per step and version other than the reference, its
     * throughput ÷ the reference version's with the 95 % interval report.json carries (grey: the versions table
     * marks nothing), and a version that measured nothing by its status.
     */
    static Optional<Spec> versions(ReportData data) {
        ReportData.VersionTable v = data.versions();
        if (v == null) {
            return Optional.empty();
        }
        List<List<Object>> rows = new ArrayList<>();
        for (ReportData.VersionRow r : v.rows()) {
            for (int k = 0; k < r.cells().size(); k++) {
                if (v.versions().get(k) == v.reference()) {
                    continue;
                }
                ReportData.VersionCell c = r.cells().get(k);
                boolean present = c.interval() != null && c.interval().present();
                rows.add(Arrays.asList(r.step() + " on " + v.versions().get(k), null, c.throughput() == null ? null
                        : c.ratioToReference(), present ? c.interval().lower() : null, present ? c.interval().upper()
                        : null, null, null, "NONE", present && c.interval().bound(), present ? null
                        : c.interval() == null || c.interval().noInterval() == null ? "no interval"
                        : c.interval().noInterval(), c.status(), c.reason()));
            }
        }
        return sideBySide("versions", "PostgreSQL versions side by side: headline throughput ÷ PostgreSQL " + v.reference(),
                "step on version ÷ on PostgreSQL " + v.reference() + " (log scale; right: faster)", rows);
    }

    /**
     * Several runs side by side as a forest plot: a row per step and run other than the first, its headline throughput
     * ÷ the first run's with the 95 % interval and the mark report.json's comparison carries; a run without the
     * step's throughput (it lacks the step, or the step measured nothing) has no point, its row says so.
     */
    static Optional<Spec> runs(ReportData data) {
        List<List<Object>> rows = new ArrayList<>();
        for (ReportData.ComparisonRow r : data.comparison()) {
            for (int i = 1; i < r.throughput().size(); i++) {
                EffectInterval interval = r.intervals().get(i);
                boolean present = interval != null && interval.present();
                rows.add(Arrays.asList(r.step() + " in " + data.runs().get(i).label(), null, r.ratioToFirst().get(i),
                        present ? interval.lower() : null, present ? interval.upper() : null, null, null,
                        r.marks().get(i) == null ? "NONE" : r.marks().get(i).name(), present && interval.bound(),
                        present ? null : interval == null || interval.noInterval() == null ? "no interval"
                        : interval.noInterval(), r.throughput().get(i) == null ? "no throughput in this run" : "done", null));
            }
        }
        return sideBySide("runs", "Runs side by side: headline throughput ÷ " + data.runs().get(0).label(),
                "step in run ÷ in " + data.runs().get(0).label() + " (log scale; right: faster)", rows);
    }

    /** A forest plot of rows from several result directories: no drift band, its axis holding every figure and 1. */
    private static Optional<Spec> sideBySide(String id, String title, String axis, List<List<Object>> rows) {
        if (rows.stream().allMatch(r -> r.get(2) == null)) {
            return Optional.empty();
        }
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("axis", axis);
        options.put("drift", null);
        options.put("small", false);
        return Optional.of(ForestPlot.sameAxis(List.of(new Spec(id, "forest", title, ForestPlot.COLUMNS, rows, options)))
                .get(0));
    }

    static Map<String, Object> options(String xName, String yName, boolean log) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("x", xName);
        o.put("y", yName);
        o.put("log", log);
        return o;
    }
}
