package org.pgknobs.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pgknobs.report.why.Comparison;

/**
 * The one verdict model of a run: it decides every mark, verdict and agreement that report.md, report.html,
 * report.json and summary.md show, from the intervals the report built (docs/statistics.md, "Verdicts" and "Marks on
 * a page"); the renderings and {@link SummaryTable} read them, none computes its own.
 * <ul>
 *   <li>a variants sweep: Benjamini–Hochberg ({@link PageMarks}) over one family, every phase's steps (steps ×
 *       phases, the headline's included); the steps table shows the headline phase's marks;
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
            // the steps table's columns, each its own family: against the base, and in a chain the step before
            String note = procedure(run).note(PageMarks.size(run.steps().stream().map(s -> s.effect().slowdownInterval())
                    .toList()));
            int before = PageMarks.size(run.steps().stream().map(s -> s.effect().stepBeforeInterval()).toList());
            return before == 0 ? note : note + " The column against the step before is its own family: Holm's"
                    + " step-down at 5 % over its " + before + " comparisons (its marks gate the step's why-lines).";
        }
        // one family for the page: every phase table's comparisons (the steps table shows the headline's marks)
        List<EffectInterval> family = run.sweep().stream().flatMap(t -> t.rows().stream())
                .map(ReportData.RelativeRow::interval).toList();
        return PageMarks.Procedure.BENJAMINI_HOCHBERG.note(PageMarks.size(family));
    }

    /**
     * How a step ÷ base ratio is corrected for the base's trend (a {@link BaseTrend} per phase): the factor it is
     * multiplied by, 1 without a trend.
     */
    @FunctionalInterface
    interface DriftModel {
        DriftModel NONE = (phase, step) -> 1;

        double ratioFactor(String phase, String step);
    }

    /**
     * A sweep's phase tables with their marks, verdicts and agreements: one Benjamini–Hochberg family over every
     * phase's steps (steps × phases; the headline table is the one the verdicts and the steps table read). Each
     * interval is first set against the base as it was when the step ran ({@link BaseTrend#shift}).
     */
    static List<ReportData.PhaseTable> sweep(List<ReportData.PhaseTable> tables, String headline, DriftModel drift) {
        Map<ReportData.RelativeRow, EffectInterval> corrected = new java.util.IdentityHashMap<>();
        tables.forEach(t -> t.rows().forEach(r -> corrected.put(r, BaseTrend.shift(r.interval(),
                drift.ratioFactor(t.phase(), r.step())))));
        Map<ReportData.RelativeRow, Mark> marks = new java.util.IdentityHashMap<>();
        // one family for the page (steps × phases): two families at 5 % each let a null sweep mark something in
        // 6.5 % of sweeps once the pooled intervals made each family's level exact (PageMarksSimulationTest)
        List<ReportData.RelativeRow> page = tables.stream().flatMap(t -> t.rows().stream()).toList();
        List<Mark> decided = PageMarks.of(page.stream().map(corrected::get).toList(),
                java.util.Collections.nCopies(page.size(), 1.0), PageMarks.Procedure.BENJAMINI_HOCHBERG);
        for (int i = 0; i < page.size(); i++) {
            marks.put(page.get(i), decided.get(i));
        }
        List<ReportData.PhaseTable> out = new ArrayList<>();
        for (ReportData.PhaseTable t : tables) {
            List<ReportData.RelativeRow> rows = new ArrayList<>();
            for (ReportData.RelativeRow r : t.rows()) {
                Mark mark = marks.get(r);
                EffectInterval c = corrected.get(r);
                Verdict v = c == null ? null : Verdict.of(c, r.publishedRelative(), mark, withinDrift(r.interval(), c));
                rows.add(r.decided(c, mark, v));
            }
            out.add(new ReportData.PhaseTable(t.phase(), rows));
        }
        return out;
    }

    /**
     * The steps with their marks, verdicts and why-gates: a sweep's marks from its headline table (decided by
     * {@link #sweep}), else one Holm family over every comparison the steps table shows (each step against the base,
     * and in a cumulative chain against the step before), each set against the base as it was when the step ran. The
     * why-gate ({@link #gate}) reads the mark of the comparison the step's why-lines are about.
     */
    static List<ReportData.Step> steps(List<ReportData.Step> steps, List<ReportData.PhaseTable> sweep, String headline,
                                       DriftModel drift) {
        // a slowdown is base ÷ step: the correction of step ÷ base, inverted
        List<EffectInterval> corrected = steps.stream().map(s -> BaseTrend.shift(s.effect().slowdownInterval(),
                1 / drift.ratioFactor(headline, s.name()))).toList();
        // against the step before (before ÷ step): both sides' corrections, (step ÷ base) over (before ÷ base)
        List<EffectInterval> correctedBefore = steps.stream().map(s -> {
            EffectInterval i = s.effect().stepBeforeInterval();
            return i == null ? null : BaseTrend.shift(i, drift.ratioFactor(headline, i.against())
                    / drift.ratioFactor(headline, s.name()));
        }).toList();
        Map<String, Mark> slower = new HashMap<>();
        List<Mark> slowerThanBefore = new ArrayList<>(java.util.Collections.nCopies(steps.size(), Mark.NONE));
        ReportData.PhaseTable headlineTable = sweep.stream().filter(t -> t.phase().equals(headline)).findFirst()
                .orElse(null);
        if (headlineTable != null) {
            // the sweep's rows are value ÷ base: a rise there is a slowdown below 1
            headlineTable.rows().forEach(r -> slower.put(r.step(), r.mark().flipped()));
        } else {
            // one Holm family per column: against the base, and (a chain) against the step before
            List<Mark> marks = PageMarks.of(corrected, java.util.Collections.nCopies(steps.size(), 1.0),
                    PageMarks.Procedure.HOLM);
            List<Mark> before = PageMarks.of(correctedBefore, java.util.Collections.nCopies(steps.size(), 1.0),
                    PageMarks.Procedure.HOLM);
            for (int i = 0; i < steps.size(); i++) {
                slower.put(steps.get(i).name(), marks.get(i));
                slowerThanBefore.set(i, before.get(i));
            }
        }
        List<ReportData.Step> out = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            ReportData.Step s = steps.get(i);
            ReportData.Effect e = s.effect();
            EffectInterval c = corrected.get(i);
            Mark mark = c == null ? Mark.NONE : slower.getOrDefault(s.name(), Mark.NONE);
            Verdict v = c == null || e.throughput() == null ? null
                    : Verdict.of(c, e.publishedSlowdown(), mark, withinDrift(e.slowdownInterval(), c));
            // the why-lines read the step before where there is one (cumulative), else the base
            boolean before = e.stepBeforeInterval() != null;
            Comparison.Throughput gate = c == null && !before ? null : before
                    ? gate(e.stepBeforeInterval(), correctedBefore.get(i), slowerThanBefore.get(i))
                    : gate(e.slowdownInterval(), c, mark);
            out.add(s.with(e.decided(c, correctedBefore.get(i), mark.flipped(), v == null ? e.verdict() : v.label()))
                    .with(s.diagnosis().gated(gate)));
        }
        return out;
    }

    /**
     * The why-gate (docs/reports.md, "The why-gate") of a comparison from the model's decision about it: DIFFERS where
     * the page marks it, WITHIN_DRIFT where the base's measured trend explains a difference that cleared 1 as
     * measured, NO_DIFFERENCE where the interval holds 1 or its p-value did not pass the page's adjustment, UNKNOWN
     * without an interval (the caller may still tell a rate-limited workload's identical repeats apart).
     *
     * @param measured  the interval as measured
     * @param corrected the same set against the base's trend (the one the page marks)
     * @param mark      the mark the page gave it
     */
    static Comparison.Throughput gate(EffectInterval measured, EffectInterval corrected, Mark mark) {
        if (corrected == null || !corrected.present()) {
            return Comparison.Throughput.UNKNOWN;
        }
        return mark.shown() ? Comparison.Throughput.DIFFERS : withinDrift(measured, corrected)
                ? Comparison.Throughput.WITHIN_DRIFT : Comparison.Throughput.NO_DIFFERENCE;
    }

    /**
     * An ablation's marks: one Holm family over every unit's leave-one-out, add-one-in and interaction interval (the
     * table shows them all at once); an interval maps to its mark (by identity), NONE for those without one.
     */
    public static Map<EffectInterval, Mark> ablation(ReportData.Ablation a) {
        List<EffectInterval> family = new ArrayList<>();
        if (a.intervals() != null) {
            a.intervals().forEach(u -> {
                family.add(u.leaveOneOut());
                family.add(u.addOneIn());
                family.add(u.interaction());
            });
        }
        List<Mark> marks = PageMarks.of(family, java.util.Collections.nCopies(family.size(), 1.0),
                PageMarks.Procedure.HOLM);
        Map<EffectInterval, Mark> out = new java.util.IdentityHashMap<>();
        for (int i = 0; i < family.size(); i++) {
            if (family.get(i) != null) {
                out.put(family.get(i), marks.get(i));
            }
        }
        return out;
    }

    /** The sentence under an ablation's table. */
    public static String ablationNote(ReportData.Ablation a) {
        return "Marks (faster, slower, a rank, interaction yes): Holm's step-down at 5 % over the table's "
                + ablation(a).size() + " intervals (each unit's leave-one-out, add-one-in and interaction); the intervals"
                + " shown are the plain 95 % ones.";
    }

    /**
     * Within drift: clear of 1 as measured, but not once set against the base as it was when the step ran — a measured
     * trend explains the difference (said nowhere else: a base with no trend is never "within drift").
     */
    static boolean withinDrift(EffectInterval measured, EffectInterval corrected) {
        return measured != null && corrected != measured && Mark.of(measured).shown() && !Mark.of(corrected).shown();
    }
}
