package org.pgknobs.report;

/**
 * Whether our effect and the published one point the same way. Ours has a direction only where {@link Mark} gives
 * one: its 95 % interval lies wholly on one side of 1 (and of the base's drift). The published value has no interval,
 * so its direction is read with his ±5 % band ({@link Verdict#direction}). Without an interval ours has no direction
 * to compare: "undecided".
 */
public enum Agreement {
    SAME_DIRECTION("same direction"),
    BOTH_NO_CHANGE("no change shown, published within ±5 %"),
    DIFFERENT("different"),
    WITHIN_NOISE("within noise"),
    WITHIN_DRIFT("within drift"),
    UNDECIDED("undecided (no interval)");

    private final String label;

    Agreement(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /**
     * Null when either side is missing.
     *
     * @param ours      our ratio with its interval, in the published value's orientation
     * @param published the published ratio
     * @param drift     the base's drift (see {@link Mark}), 1 when unknown
     */
    public static Agreement of(EffectInterval ours, Double published, double drift) {
        if (ours == null || published == null) {
            return null;
        }
        if (!ours.present()) {
            return UNDECIDED;
        }
        Mark mark = Mark.of(ours, drift);
        int b = Verdict.direction(published);
        if (!mark.shown()) {
            // clear of 1 but not of the base's drift: the machine's movement, not "noise"
            return b == 0 ? BOTH_NO_CHANGE : Mark.of(ours).shown() ? WITHIN_DRIFT : WITHIN_NOISE;
        }
        int a = mark == Mark.UP ? 1 : -1;
        return a == b ? SAME_DIRECTION : DIFFERENT;
    }
}
