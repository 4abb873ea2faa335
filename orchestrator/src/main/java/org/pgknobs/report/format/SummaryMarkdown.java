package org.pgknobs.report.format;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.Mode;
import org.pgknobs.experiment.Reference;
import org.pgknobs.report.AutovacuumText;
import org.pgknobs.report.SummaryTable;
import org.pgknobs.report.SummaryTable.Row;
import org.pgknobs.report.Verdict;
import org.pgknobs.results.SuiteRecord;

/**
 * {@link SummaryTable} as summary.md, the table printed at the end of a suite ("–" = not measured); a
 * step that completed nothing shows its bound, never a bare 0 or ∞.
 */
public final class SummaryMarkdown {

    private SummaryMarkdown() {
    }

    /** Markdown: also what is printed to the terminal. */
    public static String render(SummaryTable table) {
        Experiment experiment = table.experiment();
        List<Row> rows = table.rows();
        boolean cumulative = experiment.mode() != Mode.VARIANTS;
        String metric = experiment.reference().map(Reference::metric).orElse("throughput");
        Row base = SummaryTable.baseRow(rows);
        Double baseMedian = SummaryTable.baseMedian(rows);
        Row refBase = rows.stream().filter(r -> r.reference() != null).findFirst().orElse(null);
        String change = cumulative ? "slowdown ×" : "÷ base";
        StringBuilder sb = new StringBuilder();
        sb.append("# ").append(experiment.name()).append(": summary\n\n");
        SuiteRecord.Selection selection = table.selection();
        if (selection != null) {
            sb.append("Steps ").append(String.join(", ", selection.steps())).append(selection.stepsOnly()
                    ? " (--steps-only: with their own settings on the base and the chosen steps before them)"
                    : experiment.mode() == Mode.CUMULATIVE
                            ? " (each as the chain defines it, with the settings of every step before it)"
                    : experiment.mode() == Mode.VARIANTS ? " (each alone on the base, as the variants file defines it)"
                    : " (each as the ablation plan defines it)").append(".\n\n");
        }
        Map<String, String> notPublished = table.notPublished();
        sb.append("| # | step | status | ").append(metric).append(" | goodput | ").append(change)
                .append(" | published | published ").append(change)
                .append(" | verdict | hit ratio | checkpoints | WAL MB | autovacuum runs | rows read/s | blocks read/s"
                        + " | failed (SQLSTATE: count, % of attempts) |\n");
        sb.append("|---:|---|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---|\n");
        String shared = Fmt.sharedNoInterval(rows.stream().filter(r -> r.verdict() != null).map(Row::interval).toList());
        String sharedChange = Fmt.sharedNoInterval(rows.stream().map(r -> table.change(r.name())).filter(Objects::nonNull)
                .map(SummaryTable.Change::interval).toList());
        for (Row r : rows) {
            sb.append("| ").append(r.index()).append(r.repeat() > 1 ? "." + r.repeat() : "")
                    .append(" | ").append(r.name())
                    .append(" | ").append(r.status().json())
                    .append(" | ").append(r.window().nothingCompleted() ? "< " + num(1 / r.window().seconds()) + " (none in "
                            + String.format(Locale.ROOT, "%.0f", r.window().seconds()) + " s)" : num(r.throughput()))
                    .append(" | ").append(num(r.goodput()))
                    .append(" | ").append(change(baseMedian, r, cumulative, table.change(r.name()), sharedChange))
                    .append(" | ").append(num(r.reference()))
                    .append(" | ").append(ratio(refBase == null ? null : refBase.reference(), r.reference(), cumulative))
                    .append(" | ").append(verdict(r, refBase, cumulative, notPublished, shared))
                    .append(" | ").append(r.server().hitRatio() == null ? "–" : String.format(Locale.ROOT, "%.1f %%", 100 * r.server().hitRatio()))
                    .append(" | ").append(r.server().checkpoints() == null ? "–" : r.server().checkpoints().toString())
                    .append(" | ").append(num(r.server().walMb()))
                    .append(" | ").append(AutovacuumText.runs(r.server().autovacuumStarted(), r.server().autovacuumRuns()))
                    .append(" | ").append(r.window().work() == null ? "–" : num(r.window().work().rowsPerSecond()))
                    .append(" | ").append(r.window().work() == null ? "–" : num(r.window().work().blocksReadPerSecond()))
                    .append(" | ").append(r.window().errors() == null ? "–" : Fmt.failedWithWhy(r.window().errors(), r.name(), "report.md"))
                    .append(" |\n");
        }
        sb.append('\n').append(change).append(": the step's ratio of geometric means over its repeats against the"
                + " base's with its 95 % interval, bold with ▼ or ▲ where the interval marks a difference (as in"
                + " report.md), the same on each repeat's row; a step that completed nothing is bounded from its window.\n");
        for (String note : new LinkedHashSet<>(Arrays.asList(shared, sharedChange))) {
            if (note != null) {
                sb.append('\n').append(Fmt.sharedNote(note)).append('\n');
            }
        }
        verdictLine(sb, rows, base);
        if (rows.stream().anyMatch(r -> r.server().autovacuumStarted() != null)) {
            sb.append("\nAutovacuum runs: started/finished in the measured window.\n");
        }
        List<Row> notes = rows.stream().filter(r -> r.reason() != null).toList();
        if (!notes.isEmpty() || !notPublished.isEmpty()) {
            sb.append('\n');
            notes.forEach(r -> sb.append("- ").append(r.name()).append(": ").append(r.reason().replace('\n', ' ')).append('\n'));
            notPublished.forEach((step, why) -> sb.append("- ").append(step).append(": ").append(why)
                    .append(": not the published step, so no published value and no verdict\n"));
        }
        experiment.reference().ifPresent(ref -> sb.append("\nPublished values: ").append(ref.source())
                .append(ref.notes() == null || ref.notes().isBlank() ? "" : " — " + ref.notes().strip().replace('\n', ' '))
                .append('\n'));
        return sb.toString();
    }

    /** One line per suite: how many published steps (the base aside) were reproduced, in what sense. */
    private static void verdictLine(StringBuilder sb, List<Row> rows, Row base) {
        List<String> published = rows.stream().filter(r -> r.reference() != null && (base == null || !r.name().equals(base.name())))
                .map(Row::name).distinct().toList();
        if (published.isEmpty()) {
            return;
        }
        Map<Verdict, Long> counts = new EnumMap<>(Verdict.class);
        published.forEach(n -> rows.stream().filter(r -> r.name().equals(n)).findFirst().map(Row::verdict)
                .ifPresent(v -> counts.merge(v, 1L, Long::sum)));
        sb.append("\nVerdict: ").append(Verdict.summary(counts, published.size())).append(".\n");
    }

    /**
     * "direction only: ×1.17 [1.09–1.26], published ×72.3 outside": the verdict with the step's effect and its
     * interval over the repeats, and whether the published effect lies inside it.
     */
    private static String verdict(Row r, Row refBase, boolean cumulative, Map<String, String> notPublished,
                                  String shared) {
        if (r.verdict() == null) {
            return notPublished.containsKey(r.name()) ? "– (" + Verdict.NOT_THE_PUBLISHED_STEP + ")" : "–";
        }
        if (r.interval() == null || r.window().nothingCompleted() && !r.interval().bound()) {
            return r.verdict().label();
        }
        String prefix = cumulative ? "×" : "";
        if (!r.interval().present()) {
            return r.verdict().label() + " " + Fmt.interval(r.interval(), shared);
        }
        Boolean inside = r.publishedInside(refBase, cumulative);
        String effect = r.interval().bound() ? Fmt.interval(r.interval())
                : prefix + Fmt.num(r.interval().ratio()) + " " + Fmt.interval(r.interval());
        return r.verdict().label() + ": " + effect + (inside == null ? "" : ", published " + (inside ? "inside" : "outside"));
    }

    /**
     * The step's change against the base as the verdict model estimates it (one point estimate per comparison: the
     * one its interval is built around); a step that completed nothing only bounds it, against the base's median.
     */
    private static String change(Double b, Row r, boolean cumulative, SummaryTable.Change change, String shared) {
        if (r.window().nothingCompleted() && b != null && b > 0) {
            double bound = 1 / r.window().seconds();
            return cumulative ? "> " + num(b / bound) : "< " + String.format(Locale.ROOT, "%.2g", bound / b);
        }
        if (change == null || change.estimate() == null) {
            return "–";
        }
        if (!cumulative) { // report.md's sweep cell, so that both pages print the same figure
            return Fmt.markedRatio(change.estimate(), change.interval(), change.mark(), shared);
        }
        String value = Fmt.marked(num(change.estimate()), change.mark());
        return change.interval() == null ? value : value + " " + Fmt.interval(change.interval(), shared);
    }

    /** Cumulative: how many times slower than the base; variants: value ÷ base. */
    static String ratio(Double base, Double value, boolean cumulative) {
        if (base == null || value == null || base == 0) {
            return "–";
        }
        if (cumulative) {
            return value == 0 ? "∞" : num(base / value);
        }
        return String.format(Locale.ROOT, "%.2f", value / base);
    }

    /** Three significant figures for small numbers (0.017 tps must not print as 0), none for large ones. */
    static String num(Double v) {
        if (v == null) {
            return "–";
        }
        double a = Math.abs(v);
        if (a >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (a >= 1 || a == 0) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
    }
}
