package org.pgknobs.report.format;

import java.util.List;
import java.util.stream.Collectors;
import org.pgknobs.report.AutovacuumText;
import org.pgknobs.report.Mark;
import org.pgknobs.report.ReportData;
import org.pgknobs.report.VerdictModel;
import org.pgknobs.report.why.Reason;

/** report.md: the tables of {@link ReportData} as GitHub Markdown (▲/▼ in bold only where {@link Mark} shows a direction). */
final class MarkdownReport implements ReportFormat {

    @Override
    public String render(ReportData data) {
        StringBuilder md = new StringBuilder("# pgknobs report\n\n");
        md.append("Generated ").append(data.generated()).append(" from ").append(data.runs().size())
                .append(data.runs().size() == 1 ? " result directory" : " result directories")
                .append(". Every number here is in report.json.\n\n");
        for (PartsTables.Table t : PartsTables.of(data)) {
            md.append("## ").append(t.title()).append("\n\n").append(t.intro()).append("\n\n");
            row(md, t.header());
            separator(md, t.header().size());
            t.rows().forEach(r -> row(md, r));
            md.append('\n');
            t.notes().forEach(n -> md.append("- ").append(n).append('\n'));
            md.append('\n');
        }
        if (!data.comparison().isEmpty()) {
            comparison(md, data);
        }
        for (ReportData.Run run : data.runs()) {
            run(md, run);
        }
        return md.toString();
    }

    private static void comparison(StringBuilder md, ReportData data) {
        String shared = Fmt.sharedNoInterval(data.comparison().stream().flatMap(r -> r.intervals().stream()).toList());
        md.append("## Runs side by side\n\n").append(COMPARISON_NOTE).append(' ')
                .append(org.pgknobs.report.RunComparison.note(data)).append("\n\n");
        row(md, concat("step", data.runs().stream().map(ReportData.Run::label).toList()));
        separator(md, data.runs().size() + 1);
        for (ReportData.ComparisonRow r : data.comparison()) {
            List<String> cells = new java.util.ArrayList<>(List.of(r.step()));
            for (int i = 0; i < r.throughput().size(); i++) {
                cells.add(Fmt.num(r.throughput().get(i)) + (i == 0 ? "" : " ("
                        + Fmt.markedRatio(r.ratioToFirst().get(i), r.intervals().get(i), r.marks().get(i), shared) + ")"));
            }
            row(md, cells);
        }
        md.append('\n');
        if (shared != null) {
            md.append(Fmt.sharedNote(shared)).append("\n\n");
        }
    }

    private static void run(StringBuilder md, ReportData.Run run) {
        md.append("## ").append(run.label()).append("\n\n");
        Steps.driftFinding(run).ifPresent(f -> md.append("**Drift.** ").append(f).append("\n\n"));
        md.append("- directory: `").append(run.dir()).append("`\n");
        md.append("- mode: ").append(run.mode()).append("; status: ").append(run.status()).append("; baseline: ")
                .append(run.baseline()).append('\n');
        if (run.setup().workload() != null) {
            md.append("- workload: ").append(run.setup().workload()).append(", headline phase ").append(run.setup().headlinePhase()).append('\n');
        }
        if (run.setup().postgres() != null) {
            md.append("- server: ").append(run.setup().postgres()).append('\n');
        }
        if (run.setup().host() != null) {
            md.append("- host: ").append(run.setup().host()).append('\n');
        }
        if (run.setup().calibration() != null) {
            md.append("- machine calibration: ").append(run.setup().calibration()).append('\n');
        }
        if (run.setup().observed() != null) {
            md.append("- observed: ").append(run.setup().observed()).append('\n');
        }
        if (run.reference() != null) {
            md.append("- published: ").append(run.reference().source()).append(" (").append(run.reference().metric())
                    .append(")\n");
        }
        md.append('\n');
        for (ReportData.PhaseTable t : run.sweep()) {
            relative(md, t, run);
        }
        if (!run.sweep().isEmpty()) {
            absolute(md, run);
        }
        if (run.ablation() != null) {
            md.append(ablation(run.ablation()));
        }
        steps(md, run);
        why(md, run);
        autovacuum(md, run);
        plans(md, run);
        statements(md, run);
    }

    private static void plans(StringBuilder md, ReportData.Run run) {
        if (!PlanTables.compared(run)) {
            return;
        }
        md.append("### Plan changes\n\n").append(PlanTables.intro(run)).append("\n\n");
        List<List<String>> rows = PlanTables.rows(run);
        if (!rows.isEmpty()) {
            row(md, PlanTables.HEADER);
            separator(md, PlanTables.HEADER.size());
            rows.forEach(r -> row(md, r));
            md.append('\n');
        }
    }

    /** Per step, its top statements by server time against the step it is compared with (statements.json). */
    private static void statements(StringBuilder md, ReportData.Run run) {
        if (!StatementRows.any(run)) {
            return;
        }
        md.append("### Top statements by server time\n\n");
        for (ReportData.Step s : run.steps()) {
            if (s.captured().statements() != null) {
                md.append("**").append(StatementRows.caption(s)).append("**\n\n");
                row(md, StatementRows.HEADER);
                separator(md, StatementRows.HEADER.size());
                StatementRows.rows(s.captured().statements()).forEach(r -> row(md, r));
                md.append('\n');
            }
        }
    }

    private static void relative(StringBuilder md, ReportData.PhaseTable t, ReportData.Run run) {
        md.append("### ").append(t.phase()).append(": relative to ").append(run.baseline()).append("\n\n")
                .append(INTERVAL_NOTE).append(Steps.spread(t, run).map(line -> " " + line).orElse("")).append("\n\n");
        row(md, List.of("step", "ops/s", "÷ base", "published", "published ÷ base", "agreement", "verdict",
                "nothing to act on"));
        separator(md, 8);
        String shared = Fmt.sharedNoInterval(t.rows().stream().map(ReportData.RelativeRow::interval).toList());
        for (ReportData.RelativeRow r : t.rows()) {
            row(md, List.of(r.step(), Fmt.stat(r.value()), Fmt.markedRatio(r.relative(), r.interval(), r.mark(), shared),
                    Fmt.num(r.published()), Fmt.ratio(r.publishedRelative()),
                    r.agreement() == null ? Fmt.NONE : r.agreement(),
                    Fmt.verdict(r.verdict(), r.publishedInside(), r.publishedRelative(), r.interval(), ""),
                    Steps.nothingToActOn(t, run, r.step())));
        }
        md.append('\n');
        if (shared != null) {
            md.append(Fmt.sharedNote(shared)).append("\n\n");
        }
        md.append(VerdictModel.note(run, t.phase())).append("\n\n");
    }

    private static void absolute(StringBuilder md, ReportData.Run run) {
        md.append("### Absolute ops/s per phase\n\n").append(ABSOLUTE_NOTE).append("\n\n");
        List<String> header = concat("step", run.sweep().stream().map(ReportData.PhaseTable::phase).toList());
        row(md, header);
        separator(md, header.size());
        int n = run.sweep().get(0).rows().size();
        for (int i = 0; i < n; i++) {
            List<String> cells = new java.util.ArrayList<>(List.of(run.sweep().get(0).rows().get(i).step()));
            for (ReportData.PhaseTable t : run.sweep()) {
                ReportData.RelativeRow r = t.rows().get(i);
                cells.add(r.value() == null ? Fmt.NONE : Fmt.stat(r.value()) + (r.mark() == Mark.UP ? " ▲"
                        : r.mark() == Mark.DOWN ? " ▼" : ""));
            }
            row(md, cells);
        }
        md.append('\n');
    }

    private static void steps(StringBuilder md, ReportData.Run run) {
        md.append("### Steps (").append(run.setup().headlinePhase() == null ? "headline phase" : run.setup().headlinePhase())
                .append(")\n\n").append(INTERVAL_NOTE).append(Steps.chainSpread(run).map(line -> " " + line).orElse(""))
                .append("\n\n");
        boolean stepBefore = run.steps().stream().anyMatch(s -> s.effect().stepBeforeInterval() != null);
        String shared = Steps.sharedNoInterval(run);
        List<String> header = new java.util.ArrayList<>(List.of("#", "step", "status", "throughput/s", "goodput/s", "slowdown", "published",
                "published slowdown", "verdict", "p50 ms", "p95 ms", "p99 ms", "hit %", "WAL MB", "WAL kB/" + Steps.unit(run), "FPI/" + Steps.unit(run),
                "ckpt timed/req", "ckpt every s", "autovacuum/min", "rows read/s", "blocks read/s", "failed by SQLSTATE",
                "top waits"));
        if (stepBefore) {
            header.add(6, "slowdown vs step before");
        }
        row(md, header);
        separator(md, header.size());
        for (ReportData.Step s : run.steps()) {
            List<String> cells = new java.util.ArrayList<>(List.of(String.valueOf(s.index()), s.name(), s.status(),
                    Steps.throughput(s), Fmt.stat(s.effect().goodput()), Steps.markedSlowdown(s, shared),
                    Fmt.num(s.effect().published()), Fmt.times(s.effect().publishedSlowdown()), Steps.verdict(s)));
            cells.addAll(Steps.serverFigures(s));
            if (stepBefore) {
                cells.add(6, Steps.markedStepBefore(s, shared));
            }
            int failed = header.indexOf("failed by SQLSTATE");
            cells.set(failed, Fmt.failedWithWhy(cells.get(failed), s.name(), ""));
            row(md, cells);
        }
        md.append('\n');
        if (shared != null) {
            md.append(Fmt.sharedNote(shared)).append("\n\n");
        }
        md.append(VerdictModel.note(run, null)).append("\n\n");
    }

    static final String ABSOLUTE_NOTE = "Median (min–max) over the repeats; ▲/▼ (a green or red cell in report.html)"
            + " where the step's interval against the base in that phase lies wholly above or below 1, as in the"
            + " phase's relative table. Steps are not ranked: a rank would need intervals between every pair.";

    static final String COMPARISON_NOTE = "Headline throughput per step (median of repeats); ÷ first run in brackets"
            + " (the ratio of geometric means), with its 95 % interval from both runs' repeats (Welch's t on the logs);"
            + " ▲/▼ in bold (green or red in report.html) only where that interval lies wholly above or below 1 and"
            + " the term below allows it.";

    static final String INTERVAL_NOTE = "[lo–hi]: the 95 % interval of the effect from the repeats (t on the logs with"
            + " the run's pooled spread, Welch's where a step's spread differs: docs/statistics.md); within noise: the"
            + " interval holds 1; [≥ x]: a 95 % lower bound on the slowdown"
            + " of a step that completed nothing (its count as Poisson, Garwood). ▲ (faster) / ▼ (slower) in bold, or a"
            + " green or red cell, only where the interval lies wholly on one side of 1 and the page's multiplicity"
            + " control (named under the table) keeps the mark; no interval, no mark.";

    static String ablation(ReportData.Ablation a) {
        StringBuilder md = new StringBuilder();
        md.append("### Ablation: units ranked by leave-one-out effect\n\n").append(AblationTables.headline(a)).append("\n\n");
        row(md, AblationTables.HEADER);
        separator(md, AblationTables.HEADER.size());
        AblationTables.rows(a).forEach(r -> row(md, r));
        md.append('\n');
        List<String> search = AblationTables.searchLines(a);
        if (!search.isEmpty()) {
            search.forEach(l -> md.append(l).append("\n"));
            md.append('\n');
            row(md, AblationTables.CANDIDATE_HEADER);
            separator(md, AblationTables.CANDIDATE_HEADER.size());
            AblationTables.candidates(a).forEach(r -> row(md, r));
            md.append('\n');
        }
        return md.toString();
    }

    /** How the why-section reads (docs/reports.md, "The order of the why-lines"). */
    static final String WHY_ORDER = "Per step: first whether it differs from the step it is compared with, then the"
            + " lines that set it against that step, then what describes the step alone. A describing line whose rule"
            + " also fired for the compared step is said there and named here once, in one line (\"also held in …\";"
            + " report.json has every line, with its role). A step that differs and that no rule explains says so.";

    private static void why(StringBuilder md, ReportData.Run run) {
        md.append("### Why\n\n").append(WHY_ORDER).append("\n\n");
        boolean any = false;
        for (ReportData.Step s : run.steps()) {
            // the step's first line carries its anchor: the failed-by-SQLSTATE cells link to it
            String anchor = "<a id=\"" + Fmt.whyAnchor(s.name()) + "\"></a>";
            if (s.reason() != null && !"done".equals(s.status())) {
                md.append("- ").append(anchor).append("**").append(s.name()).append("**: ").append(s.status()).append(" — ").append(s.reason().strip().replace("\n", "\n  ")).append('\n');
                anchor = "";
                any = true;
            }
            for (Reason r : s.diagnosis().why()) {
                if (r.unchanged()) {
                    continue;
                }
                md.append("- ").append(anchor).append("**").append(s.name()).append("**: ").append(r.text()).append(" _(from ")
                        .append(String.join(", ", r.figures())).append(")_\n");
                anchor = "";
                any = true;
            }
            if (!anchor.isEmpty() && Fmt.linksToWhy(s.window().errors())) {
                // the failed cell links here: every link to a why-anchor has its anchor
                md.append("- ").append(anchor).append("**").append(s.name()).append("**: ").append(Fmt.NO_RULE_FIRED).append('\n');
                any = true;
            }
        }
        if (!any) {
            md.append("No rule fired: no figure crossed a rule's threshold.\n");
        }
        md.append('\n');
    }

    /** The tables the autovacuum workers were on, for the steps where they did anything. */
    private static void autovacuum(StringBuilder md, ReportData.Run run) {
        List<String> lines = run.steps().stream().flatMap(s -> AutovacuumText.line(s.server().autovacuum())
                .map(l -> "- **" + s.name() + "**: " + l).stream()).toList();
        if (!lines.isEmpty()) {
            md.append("### Autovacuum (pgstats.json derived.autovacuum, autovacuum.log)\n\n")
                    .append(String.join("\n", lines)).append("\n\n");
        }
    }

    private static List<String> concat(String first, List<String> rest) {
        List<String> out = new java.util.ArrayList<>(List.of(first));
        out.addAll(rest);
        return out;
    }

    private static void row(StringBuilder md, List<String> cells) {
        md.append("| ").append(cells.stream().map(c -> c.replace("|", "\\|")).collect(Collectors.joining(" | ")))
                .append(" |\n");
    }

    private static void separator(StringBuilder md, int n) {
        md.append("|").append("---|".repeat(n)).append('\n');
    }
}
