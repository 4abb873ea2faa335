package org.pgknobs.report;

/**
 * The one rule behind every mark a report prints (▲/▼, bold, a green or red cell, a quartile colour, a rank, the
 * words faster, slower, interaction, reproduces): a direction is shown only where the effect's 95 % interval lies
 * wholly on one side of no-change, and, in a sweep whose base drifted, wholly outside the drift too
 * (docs/statistics.md, "Marks"). Without an interval there is no mark, whatever the point estimate says.
 */
public enum Mark {
    /** The interval lies above the no-change band: the value rose. */
    UP,
    /** The interval lies below the no-change band: the value fell. */
    DOWN,
    /** The interval holds no-change (or the drift), or there is no interval: nothing to mark. */
    NONE;

    /**
     * The mark of a ratio (step ÷ reference, or reference ÷ step: the caller's orientation) from its interval.
     *
     * @param lower the interval's lower end; null when there is none
     * @param upper the interval's upper end; null for a one-sided bound (a step that completed nothing)
     * @param drift the reference's drift band across the run ({@link Drift#band()}: its measurements' largest
     *              excursion from their mean, either way), or 1 when it was not bracketed; effects inside
     *              [1/drift, drift] are within drift
     */
    public static Mark of(Double lower, Double upper, double drift) {
        if (lower == null && upper == null) {
            return NONE;
        }
        double band = drift >= 1 ? drift : 1 / drift;
        if (lower != null && lower > band) {
            return UP;
        }
        if (upper != null && upper < 1 / band) {
            return DOWN;
        }
        return NONE;
    }

    /** The mark of an effect interval with no drift to allow for. */
    public static Mark of(EffectInterval effect) {
        return effect == null ? NONE : of(effect.lower(), effect.upper(), 1);
    }

    /** The mark of an effect interval in a run whose reference drifted by {@code drift} (see {@link #of}). */
    public static Mark of(EffectInterval effect, double drift) {
        return effect == null ? NONE : of(effect.lower(), effect.upper(), drift);
    }

    /** The same direction read the other way up (a slowdown's mark as the throughput's). */
    public Mark flipped() {
        return this == UP ? DOWN : this == DOWN ? UP : NONE;
    }

    /** Whether there is a direction to show. */
    public boolean shown() {
        return this != NONE;
    }
}
