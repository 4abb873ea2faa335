package org.pgknobs.report;

/**
 * Whether our relative value and the published one say the same thing, judged with his thresholds on
 * the printed values: each is "worse" (below 0.95), "better" (above 1.05) or "no change" in between.
 * A difference inside the spread of base's own repeats says nothing at all: "within noise".
 */
public enum Agreement {
    SAME_DIRECTION("same direction"),
    BOTH_NO_CHANGE("both within ±5 %"),
    DIFFERENT("different"),
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
        String a = Band.of(ours);
        String b = Band.of(published);
        if (!a.equals(b)) {
            return DIFFERENT;
        }
        return a.isEmpty() ? BOTH_NO_CHANGE : SAME_DIRECTION;
    }
}
