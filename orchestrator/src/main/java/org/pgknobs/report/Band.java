package org.pgknobs.report;

/**
 * His thresholds for a relative value: below 0.95 is "worse", above 1.05 "better", in between no change.
 * Applied to the value as printed (2 decimals), so a cell showing 0.95 is never coloured and the
 * agreement the report states matches what the reader sees.
 */
public final class Band {

    public static final double LOW = 0.95;
    public static final double HIGH = 1.05;

    private Band() {
    }

    /** "worse", "better" or "" (no change, or nothing to judge). */
    public static String of(Double relative) {
        if (relative == null) {
            return "";
        }
        double shown = Math.round(relative * 100) / 100.0;
        return shown < LOW ? "worse" : shown > HIGH ? "better" : "";
    }
}
