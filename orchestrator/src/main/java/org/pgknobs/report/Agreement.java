package org.pgknobs.report;

/**
 * Whether our effect and the published one point the same way: the direction part of the step's {@link Verdict},
 * read by the same rule (so the two columns never disagree). Ours has a direction only where the report marks it
 * ({@link Mark}); without an interval it has none.
 */
public enum Agreement {
    SAME_DIRECTION("same direction"),
    RULES_OUT("no change shown, published ruled out"),
    DIFFERENT("different"),
    UNDECIDED("undecided"),
    WITHIN_DRIFT("within drift"),
    NO_INTERVAL("no interval");

    private final String label;

    Agreement(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The direction part of {@code verdict}; null without one. */
    public static Agreement of(Verdict verdict) {
        if (verdict == null) {
            return null;
        }
        return switch (verdict) {
            case REPRODUCED, SMALLER, LARGER -> SAME_DIRECTION;
            case RULES_OUT -> RULES_OUT;
            case CONTRADICTED -> DIFFERENT;
            case UNDECIDED -> UNDECIDED;
            case WITHIN_DRIFT -> WITHIN_DRIFT;
            case NO_INTERVAL -> NO_INTERVAL;
        };
    }

    /**
     * Null when either side is missing.
     *
     * @param ours      our ratio with its interval, in the published value's orientation
     * @param published the published ratio
     * @param drift     the base's drift (see {@link Mark}), 1 when unknown
     */
    public static Agreement of(EffectInterval ours, Double published, double drift) {
        return of(Verdict.of(ours, published, drift));
    }
}
