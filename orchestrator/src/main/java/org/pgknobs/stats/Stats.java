package org.pgknobs.stats;

import java.util.Collection;
import org.apache.commons.statistics.descriptive.Median;

/**
 * The medians and the rounding every printed figure of pgknobs goes through, so a report and a side-by-side
 * benchmark round and take middles alike.
 */
public final class Stats {

    private Stats() {
    }

    /** The middle value, or the mean of the two middle ones (Commons Statistics' Median); NaN for no values. */
    public static double median(Collection<Double> values) {
        return Median.withDefaults().evaluate(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** To 0.001, the precision of every ratio and rate pgknobs prints. */
    public static double round3(double d) {
        return Math.round(d * 1000) / 1000.0;
    }

    /** {@link #round3}, with NaN (nothing measured) as null, which JSON shows as null. */
    public static Double round3OrNull(double d) {
        return Double.isNaN(d) ? null : round3(d);
    }

    /** To 0.1: CPU microseconds per row and busy percentages. */
    public static double round1(double d) {
        return Math.round(d * 10) / 10.0;
    }
}
