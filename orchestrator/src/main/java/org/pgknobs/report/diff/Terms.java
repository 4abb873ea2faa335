package org.pgknobs.report.diff;

import java.util.Locale;
import org.pgknobs.report.EffectInterval;

/** How {@code pgknobs diff} writes its figures: three significant digits, changes as "a → b (×r)". */
final class Terms {

    static final String NONE = "–";

    private Terms() {
    }

    static String n(Double v) {
        if (v == null || v.isNaN()) {
            return NONE;
        }
        if (v == 0 || Math.abs(v) >= 1000) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
    }

    /** "1.2 → 3.4 (×2.83)"; without the factor when either side is missing or zero. */
    static String change(Double a, Double b, String unit) {
        String u = unit.isEmpty() ? "" : " " + unit;
        String factor = a == null || b == null || a == 0 ? "" : " (×" + n(b / a) + ")";
        return n(a) + u + " → " + n(b) + u + factor;
    }

    /** Shares as percentages with the change in points: "99.2 % → 87.1 % (−12.1 points)". */
    static String points(Double a, Double b) {
        String pa = a == null ? NONE : String.format(Locale.ROOT, "%.1f %%", 100 * a);
        String pb = b == null ? NONE : String.format(Locale.ROOT, "%.1f %%", 100 * b);
        return pa + " → " + pb + (a == null || b == null ? ""
                : String.format(Locale.ROOT, " (%+.1f points)", 100 * (b - a)).replace("-", "−"));
    }

    /** "×0.89 [0.85–0.93], p = 0.01" or why there is no interval. */
    static String interval(EffectInterval i) {
        if (i.present()) {
            return "×" + n(i.ratio()) + " [" + n(i.lower()) + "–" + n(i.upper()) + "]"
                    + (i.containsOne() ? " (within noise: the interval holds 1)" : "");
        }
        return "no interval: " + i.noInterval();
    }
}
