package org.pgknobs.report;

import java.util.List;

/** A figure over a step's repeats: median with min–max ({@code n} = 1 without repeats). */
public record Stat(double median, double min, double max, int n) {

    /** Empty input gives null: nothing was measured. */
    public static Stat of(List<Double> values) {
        if (values.isEmpty()) {
            return null;
        }
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        double median = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
        return new Stat(median, sorted.get(0), sorted.get(n - 1), n);
    }
}
