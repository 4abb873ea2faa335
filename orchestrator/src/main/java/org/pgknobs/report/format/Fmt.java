package org.pgknobs.report.format;

import java.util.Locale;
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
}
