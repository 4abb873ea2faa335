package org.pgknobs.report;

/**
 * Whether our relative value and the published one point the same way. A difference inside the spread
 * of base's own repeats is not a direction at all: "within noise".
 */
public enum Agreement {
    SAME_DIRECTION("same direction"),
    OPPOSITE("opposite"),
    WITHIN_NOISE("within noise");

    private final String label;

    Agreement(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Null when either relative value is missing. */
    public static Agreement of(Double ours, Double published, boolean withinNoise) {
        if (ours == null || published == null) {
            return null;
        }
        if (withinNoise) {
            return WITHIN_NOISE;
        }
        return Math.signum(ours - 1) == Math.signum(published - 1) ? SAME_DIRECTION : OPPOSITE;
    }
}
