package org.pgknobs.report.format;

import java.util.List;
import org.apache.commons.text.StringEscapeUtils;
import org.pgknobs.report.AutovacuumText;
import org.pgknobs.report.ReportData;
import org.pgknobs.report.VerdictModel;
import org.pgknobs.report.why.Reason;

/**
 * report.html: one self-contained, well-formed (XML-parsable) page: inline CSS, the charts' and flame graphs' figures as
 * JSON and the scripts that draw them (ECharts, charts.js, flamegraph.js) inlined once in CDATA sections, nothing
 * fetched from anywhere. The first screen is each run's forest plot ({@link FirstScreen}); details (the other phases'
 * tables, a sweep's full steps table, plans, statements, flame graphs, time series) sit in {@code <details>}, closed. Addresses that
 * appear in text (a reference's source) are written with the colon as a character reference, so the page's
 * own text holds no literal "http(s)://" a scanner or a browser could take for something to load; a reader
 * sees the address unchanged. The inlined ECharts library (FlameGraphs.library) keeps its XML namespace
 * strings and licence comment as they are.
 */
final class HtmlReport implements ReportFormat {

    static final String CSS = """
            body{font-family:-apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:24px;color:#222;font-size:14px}
            h1{font-size:22px}h2{font-size:18px;border-bottom:1px solid #ccc;padding-bottom:4px;margin-top:32px}
            h3{font-size:15px;margin-top:20px}
            table{border-collapse:collapse;margin:8px 0 16px 0;font-size:12px}
            th,td{border:1px solid #ccc;padding:3px 6px;text-align:right;vertical-align:top}
            th{background:#f3f3f3}td.name,th.name{text-align:left}
            td.worse{background:#f4c7c3}td.better{background:#c6efce}
            .noise{color:#777;font-style:italic}.meta{color:#555}.why li{margin:2px 0}.figs{color:#777;font-size:12px}
            img{max-width:100%;height:auto;display:block;margin:6px 0 14px 0}.scroll{overflow-x:auto}
            figure.chart{margin:6px 0 14px 0}div.plot{width:100%;min-height:120px}figcaption{text-align:right}
            figcaption button{font-size:11px;margin-left:6px}.multiples{display:flex;flex-wrap:wrap;gap:8px}
            .multiples figure.chart{flex:1 1 420px;min-width:360px}.summary{font-size:15px;font-weight:600}
            div.legend{border:1px solid #ccc;background:#fafafa;padding:4px 12px;margin:12px 0}
            details{margin:6px 0}details>summary{cursor:pointer;font-weight:600;margin:8px 0}
            div.flame{width:100%;min-height:160px;margin:4px 0 14px 0}
            @media print{body{margin:0;font-size:10px}table{font-size:9px}h2{page-break-before:auto}
            img,table,figure{page-break-inside:avoid}}
            """;

    @Override
    public String render(ReportData data) {
        StringBuilder h = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
                .append("<title>pgknobs report</title>\n<style>\n").append(CSS).append("</style>\n</head>\n<body>\n");
        h.append("<h1>pgknobs report</h1>\n<p class=\"meta\">Generated ").append(esc(data.generated())).append(" from ")
                .append(data.runs().size()).append(data.runs().size() == 1 ? " result directory" : " result directories")
                .append(". Every number here is in report.json.</p>\n");
        FirstScreen.render(h, data);
        for (PartsTables.Table t : PartsTables.of(data)) {
            h.append("<h2>").append(esc(t.title())).append("</h2>\n<p>").append(esc(t.intro())).append("</p>\n<table>\n<tr>");
            t.header().forEach(c -> h.append("<th>").append(esc(c)).append("</th>"));
            h.append("</tr>\n");
            t.rows().forEach(r -> h.append("<tr>").append(String.join("", r.stream().map(c -> td("", c)).toList())).append("</tr>\n"));
            h.append("</table>\n<ul class=\"meta\">\n");
            t.notes().forEach(n -> h.append("<li>").append(esc(n)).append("</li>\n"));
            h.append("</ul>\n");
        }
        Charts.versions(data).ifPresent(c -> h.append(Charts.html(c)));
        if (!data.comparison().isEmpty()) {
            comparison(h, data);
        }
        for (ReportData.Run run : data.runs()) {
            run(h, run);
        }
        h.append(Charts.scripts(h.toString())); // once per report, after every chart's element
        return h.append("</body>\n</html>\n").toString();
    }

    private static void comparison(StringBuilder h, ReportData data) {
        String shared = Fmt.sharedNoInterval(data.comparison().stream().flatMap(r -> r.intervals().stream()).toList());
        h.append("<h2>Runs side by side</h2>\n<p>").append(esc(MarkdownReport.COMPARISON_NOTE + " " + org.pgknobs.report.RunComparison.note(data)))
                .append("</p>\n<table>\n<tr><th class=\"name\">step</th>");
        data.runs().forEach(r -> h.append("<th>").append(esc(r.label())).append("</th>"));
        h.append("</tr>\n");
        for (ReportData.ComparisonRow r : data.comparison()) {
            h.append("<tr><td class=\"name\">").append(esc(r.step())).append("</td>");
            for (int i = 0; i < r.throughput().size(); i++) {
                h.append(td(i == 0 ? "" : Fmt.cssClass(r.marks().get(i)), Fmt.num(r.throughput().get(i))
                        + (i == 0 ? "" : " (" + Fmt.ratio(r.ratioToFirst().get(i), r.intervals().get(i), shared) + ")")));
            }
            h.append("</tr>\n");
        }
        h.append("</table>\n");
        note(h, shared);
        Charts.runs(data).ifPresent(c -> h.append(Charts.html(c)));
    }

    private static void run(StringBuilder h, ReportData.Run run) {
        h.append("<h2>").append(esc(run.label())).append("</h2>\n");
        Steps.driftFinding(run).ifPresent(f -> h.append("<p class=\"drift\"><b>Drift.</b> ").append(esc(f)).append("</p>\n"));
        h.append("<ul class=\"meta\">\n");
        item(h, "directory", run.dir());
        item(h, "mode", run.mode() + "; status: " + run.status() + "; baseline: " + run.baseline());
        if (run.setup().workload() != null) {
            item(h, "workload", run.setup().workload() + ", headline phase " + run.setup().headlinePhase());
        }
        if (run.setup().postgres() != null) {
            item(h, "server", run.setup().postgres());
        }
        if (run.setup().host() != null) {
            item(h, "host", run.setup().host());
        }
        if (run.setup().observed() != null) {
            item(h, "observed", run.setup().observed());
        }
        if (run.reference() != null) {
            item(h, "published", run.reference().source() + " (" + run.reference().metric() + ")");
        }
        h.append("</ul>\n");
        for (ReportData.PhaseTable t : run.sweep()) {
            relative(h, t, run);
        }
        if (!run.sweep().isEmpty()) {
            absolute(h, run);
        }
        if (run.ablation() != null) {
            ablation(h, run);
        }
        steps(h, run);
        why(h, run);
        autovacuum(h, run);
        if (PlanTables.compared(run)) {
            h.append("<details>\n<summary>Plan changes</summary>\n<p>").append(esc(PlanTables.intro(run))).append("</p>\n");
            if (!PlanTables.rows(run).isEmpty()) {
                table(h, PlanTables.HEADER, PlanTables.rows(run));
            }
            h.append("</details>\n");
        }
        FlameGraphs.section(run).ifPresent(h::append);
        if (StatementRows.any(run)) {
            h.append("<details>\n<summary>Top statements by server time</summary>\n");
            run.steps().stream().filter(s -> s.captured().statements() != null).forEach(s -> {
                h.append("<p class=\"meta\">").append(esc(StatementRows.caption(s))).append("</p>\n");
                table(h, StatementRows.HEADER, StatementRows.rows(s.captured().statements()));
            });
            h.append("</details>\n");
        }
        Charts.throughputPerStep(run).ifPresent(c -> h.append(Charts.html(c)));
        Charts.perSecond(run).ifPresent(c -> h.append(Charts.html(c)));
        Charts.ioByBackendType(run).ifPresent(c -> h.append(Charts.html(c)));
        folded(h, "Checkpoints against throughput, per step", Charts.checkpointTimelines(run));
        folded(h, "Per-second rate and max response time per variant", Charts.phaseSeries(run));
        folded(h, "Waits over time, per step (active backends by wait event at each collector round)",
                Charts.waitsOverTime(run));
    }

    /** Charts in a section that opens on a click: charts.js draws them when it opens. */
    private static void folded(StringBuilder h, String title, List<Charts.Spec> charts) {
        if (!charts.isEmpty()) {
            h.append("<details>\n<summary>").append(esc(title)).append("</summary>\n<div class=\"multiples\">\n");
            charts.forEach(c -> h.append(Charts.html(c)));
            h.append("</div>\n</details>\n");
        }
    }

    private static void relative(StringBuilder h, ReportData.PhaseTable t, ReportData.Run run) {
        boolean headline = t == run.sweep().get(0);
        h.append(headline ? "<h3>" : "<details>\n<summary>").append(esc(t.phase())).append(": relative to ")
                .append(esc(run.baseline())).append(headline ? "</h3>\n" : "</summary>\n").append("<p class=\"meta\">")
                .append(FirstScreen.link()).append(esc(Steps.spread(t, run).map(line -> ". " + line).orElse("")))
                .append("</p>\n<table>\n<tr><th class=\"name\">step</th><th>ops/s</th>"
                        + "<th>÷ base</th><th>published</th><th>published ÷ base</th><th class=\"name\">agreement</th><th class=\"name\">verdict</th>"
                        + "<th class=\"name\">nothing to act on</th></tr>\n");
        String shared = Fmt.sharedNoInterval(t.rows().stream().map(ReportData.RelativeRow::interval).toList());
        for (ReportData.RelativeRow r : t.rows()) {
            h.append("<tr><td class=\"name\">").append(esc(r.step())).append("</td>")
                    .append(td("", Fmt.stat(r.value())))
                    .append(td(Fmt.cssClass(r.mark()), Fmt.ratio(r.relative(), r.interval(), shared)))
                    .append(td("", Fmt.num(r.published())))
                    .append(td("", Fmt.ratio(r.publishedRelative())))
                    .append(td("name", r.agreement() == null ? Fmt.NONE : r.agreement()))
                    .append(td("name", Fmt.verdict(r.verdict(), r.publishedInside(), r.publishedRelative(), r.interval(), "")))
                    .append(td("name", Steps.nothingToActOn(t, run, r.step())))
                    .append("</tr>\n");
        }
        h.append("</table>\n");
        note(h, shared);
        h.append("<p class=\"meta\">").append(esc(VerdictModel.note(run, t.phase()))).append("</p>\n");
        h.append(headline ? "" : "</details>\n");
    }

    /** The no-interval reason all interval-less cells of the table above share, said once. */
    private static void note(StringBuilder h, String shared) {
        if (shared != null) {
            h.append("<p class=\"meta\">").append(esc(Fmt.sharedNote(shared))).append("</p>\n");
        }
    }

    private static void absolute(StringBuilder h, ReportData.Run run) {
        h.append("<details>\n<summary>Absolute ops/s per phase</summary>\n<p class=\"meta\">").append(FirstScreen.link())
                .append("</p>\n<table>\n<tr><th class=\"name\">step</th>");
        run.sweep().forEach(t -> h.append("<th>").append(esc(t.phase())).append("</th>"));
        h.append("</tr>\n");
        int n = run.sweep().get(0).rows().size();
        for (int i = 0; i < n; i++) {
            h.append("<tr><td class=\"name\">").append(esc(run.sweep().get(0).rows().get(i).step())).append("</td>");
            for (ReportData.PhaseTable t : run.sweep()) {
                ReportData.RelativeRow r = t.rows().get(i);
                h.append(td(Fmt.cssClass(r.mark()), Fmt.stat(r.value())));
            }
            h.append("</tr>\n");
        }
        h.append("</table>\n</details>\n");
    }

    /**
     * Two tables, so the steps fit a 1,400 px window: the effects (with their intervals and verdicts) shown, the
     * server's figures per step behind a {@code <details>} toggle (no script needed).
     */
    private static void steps(StringBuilder h, ReportData.Run run) {
        boolean fold = !run.sweep().isEmpty();
        h.append(fold ? "<details>\n<summary>" : "<h3>").append("Steps (").append(esc(run.setup().headlinePhase() == null
                ? "headline phase" : run.setup().headlinePhase())).append(")").append(fold ? "</summary>\n" : "</h3>\n")
                .append("<p class=\"meta\">").append(FirstScreen.link())
                .append(esc(Steps.chainSpread(run).map(line -> ". " + line).orElse(""))).append("</p>\n");
        boolean stepBefore = run.steps().stream().anyMatch(s -> s.effect().stepBeforeInterval() != null);
        String shared = Steps.sharedNoInterval(run);
        List<String> header = new java.util.ArrayList<>(List.of("#", "step", "status", "throughput/s", "goodput/s",
                "slowdown", "published", "published slowdown", "verdict"));
        if (stepBefore) {
            header.add(6, "slowdown vs step before");
        }
        List<List<String>> rows = new java.util.ArrayList<>();
        for (ReportData.Step s : run.steps()) {
            List<String> cells = new java.util.ArrayList<>(List.of(String.valueOf(s.index()), s.name(), s.status(),
                    Steps.throughput(s),
                    Fmt.stat(s.effect().goodput()), Steps.slowdown(s, shared), Fmt.num(s.effect().published()),
                    Fmt.times(s.effect().publishedSlowdown()), Steps.verdict(s)));
            if (stepBefore) {
                cells.add(6, Steps.stepBefore(s, shared));
            }
            rows.add(cells);
        }
        // the slowdown cell green or red where the verdict model marks the step, as in every other table
        table(h, header, rows, header.indexOf("slowdown"),
                run.steps().stream().map(s -> Fmt.cssClass(s.effect().mark())).toList(),
                run.steps().stream().map(s -> Charts.stepAnchor(run, s.name())).toList());
        note(h, shared);
        h.append("<p class=\"meta\">").append(esc(VerdictModel.note(run, null))).append("</p>\n");
        h.append("<details>\n<summary>Server figures per step (latency, hit ratio, WAL, checkpoints, autovacuum, reads, "
                + "errors, waits)</summary>\n<div class=\"scroll\">\n");
        List<List<String>> figures = new java.util.ArrayList<>();
        for (ReportData.Step s : run.steps()) {
            List<String> cells = new java.util.ArrayList<>(List.of(String.valueOf(s.index()), s.name()));
            cells.addAll(Steps.serverFigures(s));
            figures.add(cells);
        }
        table(h, List.of("#", "step", "p50 ms", "p95 ms", "p99 ms", "hit %", "WAL MB", "WAL kB/" + Steps.unit(run), "FPI/" + Steps.unit(run),
                "ckpt timed/req", "ckpt every s", "autovacuum/min", "rows read/s", "blocks read/s", "failed by SQLSTATE",
                "top waits"), figures);
        h.append("</div>\n</details>\n").append(fold ? "</details>\n" : "");
    }

    private static void why(StringBuilder h, ReportData.Run run) {
        h.append("<h3>Why</h3>\n<p>").append(esc(MarkdownReport.WHY_ORDER)).append("</p>\n<ul class=\"why\">\n");
        boolean any = false;
        for (ReportData.Step s : run.steps()) {
            // the step's first line carries its anchor: the failed-by-SQLSTATE cells link to it
            String id = " id=\"" + Fmt.whyAnchor(s.name()) + "\"";
            if (s.reason() != null && !"done".equals(s.status())) {
                h.append("<li").append(id).append("><b>").append(esc(s.name())).append("</b>: ").append(esc(s.status() + " — " + s.reason()))
                        .append("</li>\n");
                id = "";
                any = true;
            }
            for (Reason r : s.diagnosis().why()) {
                if (r.unchanged()) {
                    continue;
                }
                h.append("<li").append(id).append("><b>").append(esc(s.name())).append("</b>: ").append(esc(r.text()))
                        .append(" <span class=\"figs\">(from ").append(esc(String.join(", ", r.figures())))
                        .append(")</span></li>\n");
                id = "";
                any = true;
            }
            if (!id.isEmpty() && Fmt.linksToWhy(s.window().errors())) {
                h.append("<li").append(id).append("><b>").append(esc(s.name())).append("</b>: ").append(esc(Fmt.NO_RULE_FIRED))
                        .append("</li>\n");
                any = true;
            }
        }
        if (!any) {
            h.append("<li>No rule fired: no figure crossed a rule's threshold.</li>\n");
        }
        h.append("</ul>\n");
    }

    private static void autovacuum(StringBuilder h, ReportData.Run run) {
        List<String> lines = run.steps().stream().flatMap(s -> AutovacuumText.line(s.server().autovacuum())
                .map(l -> "<li><b>" + esc(s.name()) + "</b>: " + esc(l) + "</li>").stream()).toList();
        if (!lines.isEmpty()) {
            h.append("<h3>Autovacuum</h3>\n<ul class=\"why\">\n").append(String.join("\n", lines)).append("\n</ul>\n");
        }
    }

    private static void ablation(StringBuilder h, ReportData.Run run) {
        ReportData.Ablation a = run.ablation();
        h.append("<h3>Ablation: units ranked by leave-one-out effect</h3>\n<p>").append(esc(AblationTables.headline(a))).append("</p>\n");
        table(h, AblationTables.HEADER, AblationTables.rows(a));
        TornadoChart.of(a, Charts.id(run, "tornado")).ifPresent(c -> h.append(Charts.html(c)));
        List<String> search = AblationTables.searchLines(a);
        if (!search.isEmpty()) {
            search.forEach(l -> h.append("<p>").append(esc(l)).append("</p>\n"));
            table(h, AblationTables.CANDIDATE_HEADER, AblationTables.candidates(a));
        }
    }

    private static void table(StringBuilder h, List<String> header, List<List<String>> rows) {
        table(h, header, rows, -1, List.of(), List.of());
    }

    /**
     * A table whose cells in {@code column} take each row's class from {@code classes}, and whose rows take the ids
     * in {@code ids} (none when empty: the forest plot's click leads to them).
     */
    private static void table(StringBuilder h, List<String> header, List<List<String>> rows, int column,
                              List<String> classes, List<String> ids) {
        h.append("<table>\n<tr>");
        header.forEach(c -> h.append("<th>").append(esc(c)).append("</th>"));
        h.append("</tr>\n");
        for (int i = 0; i < rows.size(); i++) {
            h.append(ids.isEmpty() ? "<tr>" : "<tr id=\"" + esc(ids.get(i)) + "\">");
            List<String> r = rows.get(i);
            for (int c = 0; c < r.size(); c++) {
                h.append(td(c == column ? classes.get(i) : "", r.get(c)));
            }
            h.append("</tr>\n");
        }
        h.append("</table>\n");
    }

    private static void item(StringBuilder h, String label, String value) {
        h.append("<li>").append(esc(label)).append(": ").append(esc(value)).append("</li>\n");
    }

    private static String td(String cssClass, String text) {
        return (cssClass.isEmpty() ? "<td>" : "<td class=\"" + cssClass + "\">") + esc(text) + "</td>";
    }

    /**
     * Text for HTML text and attribute values (double- or single-quoted): XML escaping ({@code & < > " '}), plus the
     * colon of any URL scheme as a character reference (see the class comment). Every text from the server or a
     * result file (statements, plans, setting values, names) goes through this (docs/security.md).
     */
    static String esc(String s) {
        return s == null ? "" : StringEscapeUtils.escapeXml10(s).replace("://", "&#58;//");
    }

    /**
     * JSON for the inside of a {@code <script>} element: {@code <}, {@code >} and {@code &} as JSON's unicode
     * escapes (backslash, u003c and so on), so no text in it (a function name holding {@code </script>} or
     * {@code <!--}) can end the element or start a comment, and the page stays well-formed XML. They only occur
     * inside JSON strings, where the escapes mean the same characters.
     */
    static String scriptJson(String json) {
        return json.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026");
    }
}
