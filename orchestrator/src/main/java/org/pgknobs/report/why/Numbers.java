package org.pgknobs.report.why;

import java.util.Locale;

/** Short human numbers for sentences: two significant digits below 10, whole numbers above. */
final class Numbers {

    private Numbers() {
    }

    static String brief(double v) {
        double a = Math.abs(v);
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a >= 1) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return String.format(Locale.ROOT, "%.2g", v);
    }

    static String percent(double share) {
        return String.format(Locale.ROOT, share >= 0.99 && share < 1 ? "%.1f %%" : "%.0f %%", share * 100);
    }
}
