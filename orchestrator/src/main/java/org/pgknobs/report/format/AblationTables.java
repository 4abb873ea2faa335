package org.pgknobs.report.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.pgknobs.ablation.Effects;
import org.pgknobs.report.EffectInterval;
import org.pgknobs.report.Mark;
import org.pgknobs.report.ReportData;
import org.pgknobs.report.VerdictModel;
import org.pgknobs.results.CulpritCandidate;
import org.pgknobs.results.CulpritSearchResult;

/** An ablation's text: the same cells for report.md and report.html. */
final class AblationTables {

    static final List<String> HEADER = List.of("rank", "unit", "settings", "leave-one-out: full set without it",
            "share of the slowdown that disappears", "add-one-in: base with it alone", "share caused alone", "interaction");
    static final List<String> CANDIDATE_HEADER = List.of("#", "level", "switched on", "run", "throughput/s", "share",
            "search's test (1 run: no interval)");

    private AblationTables() {
    }

    /** One sentence: the full slowdown, what the shares are of, and which runs measured nothing. */
    static String headline(ReportData.Ablation a) {
        String s = a.slowdown() == null ? "The base or the full set has no measurement: no effects."
                : "The full set runs ×" + Fmt.num(a.slowdown()) + " slower than the base (geometric means of the "
                        + "headline throughput's repeats). [lo–hi]: the factor's 95 % interval from the repeats (Welch's t on logs); faster,"
                        + " slower and a rank only where that interval lies wholly on one side of 1 (ranks order those"
                        + " units by their estimate). Shares are of that slowdown on the log scale (100 % = all of it); ±"
                        + " is half the range over the repeats, a description, not a test. Interaction: the 95 % interval"
                        + " of leave-one-out ÷ add-one-in, (without × only) ÷ (full × base) on the mean logs (Welch,"
                        + " Satterthwaite's degrees of freedom); yes only where it excludes 1.";
        s += " " + VerdictModel.ablationNote(a);
        if (!a.floored().isEmpty()) {
            s += " Runs that completed nothing count as half a request in their window: " + String.join(", ", a.floored()) + ".";
        }
        return s;
    }

    static List<List<String>> rows(ReportData.Ablation a) {
        List<List<String>> out = new ArrayList<>();
        int looRank = 0;
        java.util.Map<EffectInterval, Mark> marks = VerdictModel.ablation(a);
        java.util.Map<String, Integer> aoiRanks = aoiRanks(a, marks);
        for (Effects.UnitEffect u : a.units()) {
            EffectInterval loo = a.interval(u.unit(), true);
            boolean looMarked = mark(marks, loo).shown();
            out.add(List.of(looMarked && u.looRank() != null ? String.valueOf(++looRank) : Fmt.NONE, u.unit(),
                    String.join(", ", u.settings()), factor(u.looEffect(), "faster", loo, mark(marks, loo)), share(u.looShare(), u.looNoise()),
                    factor(u.aoiEffect(), "slower", a.interval(u.unit(), false),
                            mark(marks, a.interval(u.unit(), false))),
                    share(u.aoiShare(), u.aoiNoise()) + (aoiRanks.containsKey(u.unit()) ? " (#" + aoiRanks.get(u.unit()) + ")" : ""),
                    interaction(a.interaction(u.unit()), mark(marks, a.interaction(u.unit())))));
        }
        return out;
    }

    /** Add-one-in ranks among the units whose add-one-in interval clears 1, in the order of their estimates. */
    private static java.util.Map<String, Integer> aoiRanks(ReportData.Ablation a, java.util.Map<EffectInterval, Mark> marks) {
        java.util.Map<String, Integer> ranks = new java.util.HashMap<>();
        a.units().stream().filter(u -> u.aoiRank() != null && mark(marks, a.interval(u.unit(), false)).shown())
                .sorted(java.util.Comparator.comparing(Effects.UnitEffect::aoiRank))
                .forEach(u -> ranks.put(u.unit(), ranks.size() + 1));
        return ranks;
    }

    /** "yes ×1.31 [1.12–1.53]", "not shown ×1.02 [0.91–1.15]", or "- (no interval: …)". */
    /** The interval's mark as the verdict model decided it over the table's family. */
    private static Mark mark(java.util.Map<EffectInterval, Mark> marks, EffectInterval i) {
        return i == null ? Mark.NONE : marks.getOrDefault(i, Mark.NONE);
    }

    private static String interaction(EffectInterval i, Mark mark) {
        if (i == null) {
            return Fmt.NONE;
        }
        if (!i.present()) {
            return Fmt.NONE + " " + Fmt.interval(i);
        }
        return (mark.shown() ? "yes " : "not shown ") + Fmt.times(i.ratio(), i);
    }

    /** The search in a few lines; empty when it did not run. */
    static List<String> searchLines(ReportData.Ablation a) {
        CulpritSearchResult r = a.search();
        if (r == null) {
            return a.searchStatus().equals("off") ? List.of() : List.of("Culprit search: " + a.searchStatus() + ".");
        }
        List<String> out = new ArrayList<>();
        long measured = r.candidates().stream().filter(c -> c.run() != null && c.run().startsWith("search-")).count();
        out.add(String.format(Locale.ROOT, "Culprit search (%s, %s): the smallest set reproducing ≥ %.0f %% of the "
                + "full slowdown: %s", r.algorithm(), a.searchStatus(), r.threshold() * 100,
                r.units().isEmpty() ? "-" : "units " + String.join(", ", r.units()) + "; settings " + String.join(", ", r.settings())));
        out.add(r.candidates().size() + " candidates, " + measured + " measured by the search, the others taken from "
                + "the fixed runs" + (r.note() == null || r.note().equals("searching") ? "" : "; " + r.note()) + ".");
        return out;
    }

    static List<List<String>> candidates(ReportData.Ablation a) {
        List<List<String>> out = new ArrayList<>();
        if (a.search() == null) {
            return out;
        }
        for (CulpritCandidate c : a.search().candidates()) {
            out.add(List.of(String.valueOf(c.number()), c.level(), String.join(", ", c.elements()), c.run() == null ? Fmt.NONE : c.run(),
                    c.logThroughput() == null ? Fmt.NONE : Fmt.num(Math.exp(c.logThroughput())),
                    c.share() == null ? Fmt.NONE : Fmt.percent(c.share()) + " %",
                    test(c, a.search().threshold())));
        }
        return out;
    }

    /**
     * What the search decided from one run of a candidate: its share against the threshold. One run has no interval,
     * so the cell says what was compared, not that the candidate reproduces the slowdown.
     */
    private static String test(CulpritCandidate c, double threshold) {
        if (c.failure() != null) {
            return "no measurement: " + c.failure();
        }
        String t = Fmt.percent(threshold) + " %";
        return c.share() == null ? Fmt.NONE : c.reproduces() ? "share ≥ " + t : "share < " + t;
    }

    /**
     * "×3.2 [2.9–3.6] faster": where the interval lies wholly on one side of 1 ({@link Mark}) the factor is turned to
     * read ≥ 1 with the word of its direction; elsewhere the factor stays in the column's orientation with its interval
     * (or why there is none) and no word.
     */
    private static String factor(Double lnEffect, String word, EffectInterval i, Mark mark) {
        if (lnEffect == null) {
            return Fmt.NONE;
        }
        // one point estimate per comparison: the interval's (ratio of geometric means), the median's only without one
        double f = i != null && i.ratio() != null ? i.ratio() : Math.exp(lnEffect);
        if (!mark.shown()) {
            return "×" + Fmt.num(f) + " " + (i == null ? "(no interval)" : Fmt.interval(i));
        }
        String other = word.equals("faster") ? "slower" : "faster";
        return mark == Mark.UP ? "×" + Fmt.num(f) + " [" + Fmt.num(i.lower()) + "–" + Fmt.num(i.upper()) + "] " + word
                : "×" + Fmt.num(1 / f) + " [" + Fmt.num(1 / i.upper()) + "–" + Fmt.num(1 / i.lower()) + "] " + other;
    }

    private static String share(Double share, Double noise) {
        if (share == null) {
            return Fmt.NONE;
        }
        return Fmt.percent(share) + " %" + (noise == null ? "" : " ± " + Fmt.percent(noise));
    }
}
