package org.pgknobs.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The one verdict model of a run: it decides every mark, verdict and agreement that report.md, report.html,
 * report.json and summary.md show, from the intervals the report built (docs/statistics.md, "Verdicts" and "Marks on
 * a page"); the renderings and {@link SummaryTable} read them, none computes its own.
 * <ul>
 *   <li>a variants sweep: Benjamini–Hochberg ({@link PageMarks}) over two families, the headline phase's steps
 *       and the other phases' steps × phases; the steps table shows the headline phase's marks;
 *   <li>any other run (a chain, an ablation's runs): the steps' comparisons with the base, Holm.
 * </ul>
 * The point estimate of every comparison is the one its interval is built around, the ratio of geometric means
 * ({@link EffectInterval#ratio()}); without an interval, the step's own figures (medians) stay.
 */
public final class VerdictModel {

    private VerdictModel() {
    }

    /** The procedure behind the run's marks: Benjamini–Hochberg over a sweep's phase tables, else Holm over the steps. */
    public static PageMarks.Procedure procedure(ReportData.Run run) {
        return run.sweep().isEmpty() ? PageMarks.Procedure.HOLM : PageMarks.Procedure.BENJAMINI_HOCHBERG;
    }

    /** The sentence under a table of the run (a phase table's {@code phase}, or null for the steps table). */
    public static String note(ReportData.Run run, String phase) {
        if (run.sweep().isEmpty()) {
            return procedure(run).note(PageMarks.size(run.steps().stream().map(s -> s.effect().slowdownInterval())
                    .toList()));
        }
        boolean headline = phase == null || phase.equals(run.setup().headlinePhase());
        List<EffectInterval> family = run.sweep().stream()
                .filter(t -> t.phase().equals(run.setup().headlinePhase()) == headline)
                .flatMap(t -> t.rows().stream()).map(ReportData.RelativeRow::interval).toList();
        return (headline ? PageMarks.Procedure.BENJAMINI_HOCHBERG_HEADLINE : PageMarks.Procedure.BENJAMINI_HOCHBERG)
                .note(PageMarks.size(family));
    }

    /**
     * A sweep's phase tables with their marks, verdicts and agreements: two Benjamini–Hochberg families, the headline
     * phase's steps (the table the verdicts and the steps table read) and every other phase's steps × phases.
     *
     * @param band each phase's drift band (1 without)
     */
    static List<ReportData.PhaseTable> sweep(List<ReportData.PhaseTable> tables, String headline,
                                             ToDoubleFunction<String> band) {
        Map<ReportData.RelativeRow, Mark> marks = new java.util.IdentityHashMap<>();
        for (boolean headlineFamily : new boolean[] {true, false}) {
            List<ReportData.RelativeRow> rows = new ArrayList<>();
            List<Double> bands = new ArrayList<>();
            for (ReportData.PhaseTable t : tables) {
                if (t.phase().equals(headline) == headlineFamily) {
                    t.rows().forEach(r -> {
                        rows.add(r);
                        bands.add(band.applyAsDouble(t.phase()));
                    });
                }
            }
            List<Mark> decided = PageMarks.of(rows.stream().map(ReportData.RelativeRow::interval).toList(), bands,
                    PageMarks.Procedure.BENJAMINI_HOCHBERG);
            for (int i = 0; i < rows.size(); i++) {
                marks.put(rows.get(i), decided.get(i));
            }
        }
        List<ReportData.PhaseTable> out = new ArrayList<>();
        for (ReportData.PhaseTable t : tables) {
            double b = band.applyAsDouble(t.phase());
            List<ReportData.RelativeRow> rows = new ArrayList<>();
            for (ReportData.RelativeRow r : t.rows()) {
                Mark mark = marks.get(r);
                Verdict v = r.interval() == null ? null : Verdict.of(r.interval(), r.publishedRelative(), mark,
                        withinDrift(r.interval(), b));
                rows.add(r.decided(mark, v));
            }
            out.add(new ReportData.PhaseTable(t.phase(), rows));
        }
        return out;
    }

    /**
     * The steps with their marks and verdicts: a sweep's from its headline table (decided by {@link #sweep}), else one
     * Holm family over the steps' comparisons with the base.
     */
    static List<ReportData.Step> steps(List<ReportData.Step> steps, List<ReportData.PhaseTable> sweep, String headline,
                                       double band) {
        Map<String, Mark> slower = new HashMap<>();
        ReportData.PhaseTable headlineTable = sweep.stream().filter(t -> t.phase().equals(headline)).findFirst()
                .orElse(null);
        if (headlineTable != null) {
            // the sweep's rows are value ÷ base: a rise there is a slowdown below 1
            headlineTable.rows().forEach(r -> slower.put(r.step(), r.mark().flipped()));
        } else {
            List<EffectInterval> family = steps.stream().map(s -> s.effect().slowdownInterval()).toList();
            List<Mark> marks = PageMarks.of(family, java.util.Collections.nCopies(family.size(), band),
                    PageMarks.Procedure.HOLM);
            for (int i = 0; i < steps.size(); i++) {
                slower.put(steps.get(i).name(), marks.get(i));
            }
        }
        List<ReportData.Step> out = new ArrayList<>();
        for (ReportData.Step s : steps) {
            ReportData.Effect e = s.effect();
            Mark mark = e.slowdownInterval() == null ? Mark.NONE : slower.getOrDefault(s.name(), Mark.NONE);
            Verdict v = e.slowdownInterval() == null || e.throughput() == null ? null
                    : Verdict.of(e.slowdownInterval(), e.publishedSlowdown(), mark, withinDrift(e.slowdownInterval(), band));
            out.add(s.with(e.decided(mark.flipped(), v == null ? e.verdict() : v.label())));
        }
        return out;
    }

    /** Clear of 1, but not of the drift band: the base's drift explains the difference. */
    static boolean withinDrift(EffectInterval i, double band) {
        return i != null && Mark.of(i).shown() && !Mark.of(i, band).shown();
    }
}
