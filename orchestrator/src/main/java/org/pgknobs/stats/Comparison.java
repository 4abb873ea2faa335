package org.pgknobs.stats;

import java.util.ArrayList;
import java.util.List;

/** One effect an experiment reports: {@code step} against {@code reference} (the base, or the step before). */
public record Comparison(String step, String reference) {

    /** Every step but the base against the base. */
    public static List<Comparison> againstBase(List<String> steps, String base) {
        return steps.stream().filter(s -> !s.equals(base)).map(s -> new Comparison(s, base)).toList();
    }

    /** Each step against the one before it (a cumulative experiment's slowdowns). */
    public static List<Comparison> againstStepBefore(List<String> steps) {
        List<Comparison> comparisons = new ArrayList<>();
        for (int i = 1; i < steps.size(); i++) {
            comparisons.add(new Comparison(steps.get(i), steps.get(i - 1)));
        }
        return comparisons;
    }
}
