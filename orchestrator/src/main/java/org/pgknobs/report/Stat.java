package org.pgknobs.report;

import java.util.List;
import org.pgknobs.stats.Stats;

/** A figure over a step's repeats: median with min–max ({@code n} = 1 without repeats). */
public record Stat(double median, double min, double max, int n) {

    /** Empty input gives null: nothing was measured. */
    public static Stat of(List<Double> values) {
        if (values.isEmpty()) {
            return null;
        }
        List<Double> sorted = values.stream().sorted().toList();
        return new Stat(Stats.median(sorted), sorted.get(0), sorted.get(sorted.size() - 1), sorted.size());
    }
}
