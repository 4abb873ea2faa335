package org.pgknobs.report.format;

import java.util.Locale;
import java.util.Collection;
import java.util.Objects;
import org.pgknobs.report.EffectInterval;
import org.pgknobs.report.Mark;
import org.pgknobs.report.Stat;
import org.pgknobs.report.Verdict;

/** How numbers look in report.md and report.html ("-" = not measured / not collected). */
final class Fmt {

    static final String NONE = "-";

    private Fmt() {
    }

    /** The anchor of a step's first why-line in report.md and report.html: "why-cache-8mb". */
    static String whyAnchor(String step) {
        return "why-" + step.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
    }

    /**
     * A failed-by-SQLSTATE cell with a link to the step's why-lines where serialization failures (40001) are in it:
     * the why-lines say which SIREAD locks and plans lay behind them (docs/tpcc.md, "Two regimes").
     */
    static String failedWithWhy(String cell, String step, String page) {
        return !linksToWhy(cell) ? cell : cell + " ([why](" + page + "#" + whyAnchor(step) + "))";
    }

    /** Whether a failed-by-SQLSTATE cell links to the step's why-lines: the why-section then gives it an anchor. */
    static boolean linksToWhy(String failedCell) {
        return failedCell != null && failedCell.contains("40001");
    }

    /** The line that carries a linked step's anchor when none of its why-lines is printed. */
    static final String NO_RULE_FIRED = "no rule fired on its figures";

    static String num(Double v) {
        if (v == null || v.isNaN()) {
            return NONE;
        }
        double a = Math.abs(v);
        if (a >= 100 || a == 0) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (a >= 1) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return String.format(Locale.ROOT, "%.3g", v);
    }

    /** A step's verdict; none ("-"), or none with why (a --steps-only step that is not the published step). */
    static String verdict(String verdict) {
        return verdict == null ? NONE : verdict.equals(Verdict.NOT_THE_PUBLISHED_STEP) ? NONE + " (" + verdict + ")" : verdict;
    }

    static String num(Long v) {
        return v == null ? NONE : v.toString();
    }

    static String ratio(Double v) {
        return v == null ? NONE : String.format(Locale.ROOT, "%.2f", v);
    }

    static String percent(Double share) {
        return share == null ? NONE : String.format(Locale.ROOT, "%.1f", share * 100);
    }

    static String times(Double factor) {
        return factor == null ? NONE : "×" + num(factor);
    }

    /** Median, with min–max when there were repeats. */
    static String stat(Stat s) {
        if (s == null) {
            return NONE;
        }
        return s.n() > 1 ? num(s.median()) + " (" + num(s.min()) + "–" + num(s.max()) + ")" : num(s.median());
    }

    /** A step that completed nothing shows its bound, "< 0.0083", never a bare 0. */
    static String throughput(Stat s, Double below) {
        return below == null ? stat(s) : "< " + num(below) + " (none completed)";
    }

    static String checkpoints(Long timed, Long requested) {
        return timed == null && requested == null ? NONE : num(timed) + "/" + num(requested);
    }

    /** "[1.09–1.26]", "[≥ 15835]" for a bound, or "(no interval: 1 repeat of the base …)" when the repeats give none. */
    static String interval(EffectInterval i) {
        return interval(i, null);
    }

    /**
     * As {@link #interval(EffectInterval)}, but a cell whose reason is the table's {@code shared} one (said once under
     * the table, {@link #sharedNote}) says only "(no interval)".
     */
    static String interval(EffectInterval i, String shared) {
        if (i == null) {
            return "";
        }
        if (i.bound()) {
            return i.upper() == null ? "[≥ " + num(i.lower()) + "]" : "[≤ " + num(i.upper()) + "]";
        }
        if (i.present()) {
            return "[" + num(i.lower()) + "–" + num(i.upper()) + "]";
        }
        if (i.noInterval().equals(shared)) {
            return "(no interval)";
        }
        return i.noInterval().contains("no interval") ? "(" + i.noInterval() + ")" : "(no interval: " + i.noInterval() + ")";
    }

    /**
     * The reason shared by every interval-less cell of a table, when at least two cells have none and all for the same
     * reason: then it is said once under the table, not in each cell. Null otherwise.
     */
    static String sharedNoInterval(Collection<EffectInterval> intervals) {
        var reasons = intervals.stream().filter(Objects::nonNull).filter(i -> !i.present())
                .map(EffectInterval::noInterval).toList();
        return reasons.size() >= 2 && reasons.stream().distinct().count() == 1 ? reasons.get(0) : null;
    }

    /** The line under a table whose interval-less cells share one reason. */
    static String sharedNote(String shared) {
        return "(no interval): " + shared + " — the same in every such cell of this table.";
    }

    /** "×1.17 [1.09–1.26]": a factor with its interval (when there is one, else why not). */
    static String times(Double factor, EffectInterval i) {
        return times(factor, i, null);
    }

    static String times(Double factor, EffectInterval i, String shared) {
        return i == null || factor == null ? times(factor) : times(factor) + " " + interval(i, shared);
    }

    /** "0.85 [0.78–0.93]": a ratio with its interval. */
    static String ratio(Double v, EffectInterval i) {
        return ratio(v, i, null);
    }

    static String ratio(Double v, EffectInterval i, String shared) {
        return i == null || v == null ? ratio(v) : ratio(v) + " " + interval(i, shared);
    }

    /**
     * "**1.30 ▲** [1.12–1.51]": a ratio (higher = more throughput) with its interval, bold with an arrow only where
     * {@link Mark} shows a direction.
     */
    static String markedRatio(Double v, EffectInterval i, Mark mark, String shared) {
        String r = marked(ratio(v), mark);
        return i == null || v == null ? r : r + " " + interval(i, shared);
    }

    /** "**1.30 ▲**": a figure bold with its arrow where {@link Mark} shows a direction, else as it is. */
    static String marked(String value, Mark mark) {
        return mark == Mark.UP ? "**" + value + " ▲**" : mark == Mark.DOWN ? "**" + value + " ▼**" : value;
    }

    /** The HTML cell class of a mark on a throughput ratio: green where it rose, red where it fell, none else. */
    static String cssClass(Mark mark) {
        return mark == Mark.UP ? "better" : mark == Mark.DOWN ? "worse" : "";
    }

    /**
     * The verdict with whether the published effect lies inside our interval: "same direction, smaller ×3.2 (published
     * ×72.3 outside [1.10–1.42])"; the bare label without an interval.
     *
     * @param prefix "×" for slowdowns, "" for relative values
     */
    static String verdict(String label, Boolean inside, Double published, EffectInterval i, String prefix) {
        if (label == null || label.equals(Verdict.NOT_THE_PUBLISHED_STEP)) {
            return verdict(label);
        }
        if (inside == null || published == null || i == null || !i.present()) {
            return label;
        }
        return label + factor(label, i, published) + " (published " + prefix + num(published)
                + (inside ? " inside " : " outside ") + interval(i) + ")";
    }

    /** " ×3.2" after "same direction, smaller/larger": how many times ours is smaller or larger than P. */
    static String factor(String label, EffectInterval i, Double published) {
        Verdict v = Verdict.ofLabel(label);
        Double f = v == Verdict.SMALLER || v == Verdict.LARGER ? Verdict.factor(i, published) : null;
        return f == null ? "" : " " + times(f);
    }
}
