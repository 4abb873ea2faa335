package org.pgknobs.history;

import java.util.Locale;
import org.pgknobs.report.EffectInterval;

/** The history's number formats: three significant figures, intervals as the report writes them. */
final class Figures {

    private Figures() {
    }

    static String number(double v) {
        double a = Math.abs(v);
        return a >= 100 ? String.format(Locale.ROOT, "%.0f", v) : a >= 10 ? String.format(Locale.ROOT, "%.1f", v)
                : String.format(Locale.ROOT, "%.2f", v);
    }

    /** "×1.04 [0.97, 1.12]", or why there is no interval. */
    static String interval(EffectInterval e) {
        if (e == null) {
            return "no interval";
        }
        if (!e.present()) {
            return "no interval (" + e.noInterval() + ")";
        }
        if (e.bound()) {
            return String.format(Locale.ROOT, "at least ×%.2f", e.lower());
        }
        return String.format(Locale.ROOT, "×%.2f [%.2f, %.2f]", e.ratio(), e.lower(), e.upper());
    }
}
