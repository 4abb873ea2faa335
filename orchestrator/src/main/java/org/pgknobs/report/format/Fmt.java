package org.pgknobs.report.format;

import java.util.Locale;
import org.pgknobs.report.EffectInterval;
import org.pgknobs.report.Stat;
import org.pgknobs.report.Verdict;

/** How numbers look in report.md and report.html ("-" = not measured / not collected). */
final class Fmt {

    static final String NONE = "-";

    private Fmt() {
    }

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
        if (i == null) {
            return "";
        }
        if (i.bound()) {
            return i.upper() == null ? "[≥ " + num(i.lower()) + "]" : "[≤ " + num(i.upper()) + "]";
        }
        if (i.present()) {
            return "[" + num(i.lower()) + "–" + num(i.upper()) + "]";
        }
        return i.noInterval().contains("no interval") ? "(" + i.noInterval() + ")" : "(no interval: " + i.noInterval() + ")";
    }

    /** "×1.17 [1.09–1.26]": a factor with its interval (when there is one, else why not). */
    static String times(Double factor, EffectInterval i) {
        return i == null || factor == null ? times(factor) : times(factor) + " " + interval(i);
    }

    /** "0.85 [0.78–0.93]": a ratio with its interval. */
    static String ratio(Double v, EffectInterval i) {
        return i == null || v == null ? ratio(v) : ratio(v) + " " + interval(i);
    }

    /**
     * The verdict with whether the published effect lies inside our interval: "direction only (published ×72.3
     * outside [1.10–1.42])"; the bare label without an interval.
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
        return label + " (published " + prefix + num(published) + (inside ? " inside " : " outside ") + interval(i) + ")";
    }
}
