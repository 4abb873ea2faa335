package org.pgknobs.report.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.pgknobs.ablation.Effects;
import org.pgknobs.report.EffectInterval;
import org.pgknobs.report.ReportData;
import org.pgknobs.results.CulpritCandidate;
import org.pgknobs.results.CulpritSearchResult;

/** An ablation's text: the same cells for report.md and report.html. */
final class AblationTables {

    static final List<String> HEADER = List.of("rank", "unit", "settings", "leave-one-out: full set without it",
            "share of the slowdown that disappears", "add-one-in: base with it alone", "share caused alone", "interaction");
    static final List<String> CANDIDATE_HEADER = List.of("#", "level", "switched on", "run", "throughput/s", "share",
            "reproduces");

    private AblationTables() {
    }

    /** One sentence: the full slowdown, what the shares are of, and which runs measured nothing. */
    static String headline(ReportData.Ablation a) {
        String s = a.slowdown() == null ? "The base or the full set has no measurement: no effects."
                : "The full set runs ×" + Fmt.num(a.slowdown()) + " slower than the base (medians of the headline "
                        + "throughput). [lo–hi]: the factor's 95 % interval from the repeats (Welch's t on logs). Shares are of "
                        + "that slowdown on the log scale (100 % = all of it); ± is the noise "
                        + "band from repeats; interaction: the two directions differ by more than their noise.";
        if (!a.floored().isEmpty()) {
            s += " Runs that completed nothing count as half a request in their window: " + String.join(", ", a.floored()) + ".";
        }
        return s;
    }

    static List<List<String>> rows(ReportData.Ablation a) {
        List<List<String>> out = new ArrayList<>();
        for (Effects.UnitEffect u : a.units()) {
            out.add(List.of(u.looRank() == null ? Fmt.NONE : String.valueOf(u.looRank()), u.unit(), String.join(", ", u.settings()),
                    factor(u.looEffect(), "faster", a.interval(u.unit(), true)), share(u.looShare(), u.looNoise()),
                    factor(u.aoiEffect(), "slower", a.interval(u.unit(), false)),
                    share(u.aoiShare(), u.aoiNoise()) + (u.aoiRank() == null ? "" : " (#" + u.aoiRank() + ")"),
                    u.interaction() == null ? Fmt.NONE : u.interaction() ? "yes" : "no"));
        }
        return out;
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
                    c.reproduces() ? "yes" : c.failure() != null ? "no: " + c.failure() : "no"));
        }
        return out;
    }

    /** "×3.2 [2.9–3.6] faster": the interval turned with the factor when the effect goes the other way. */
    private static String factor(Double lnEffect, String word, EffectInterval i) {
        if (lnEffect == null) {
            return Fmt.NONE;
        }
        double f = Math.exp(lnEffect);
        String other = word.equals("faster") ? "slower" : "faster";
        if (i == null || !i.present()) {
            String bare = f >= 1 ? "×" + Fmt.num(f) + " " + word : "×" + Fmt.num(1 / f) + " " + other;
            return i == null ? bare : bare + " " + Fmt.interval(i);
        }
        return f >= 1 ? "×" + Fmt.num(f) + " [" + Fmt.num(i.lower()) + "–" + Fmt.num(i.upper()) + "] " + word
                : "×" + Fmt.num(1 / f) + " [" + Fmt.num(1 / i.upper()) + "–" + Fmt.num(1 / i.lower()) + "] " + other;
    }

    private static String share(Double share, Double noise) {
        if (share == null) {
            return Fmt.NONE;
        }
        return Fmt.percent(share) + " %" + (noise == null ? "" : " ± " + Fmt.percent(noise));
    }
}
