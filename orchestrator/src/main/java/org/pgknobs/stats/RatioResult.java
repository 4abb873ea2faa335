package org.pgknobs.stats;

/**
 * What one interval method says about a ratio (step / base) from repeats: an interval, or why there is none.
 * Sealed, so a renderer handles both cases and never prints an interval a method could not give.
 */
public sealed interface RatioResult permits RatioInterval, NoInterval {

    /** The method's name as docs/statistics.md spells it: {@code welch-log}, {@code hodges-lehmann-log} or {@code paired-t-log}. */
    String method();
}
