package org.pgknobs.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * Marks controlled per page (docs/statistics.md, "Marks on a page"): a table that shows many intervals marks a
 * comparison only where its p-value stays below {@value #ALPHA} after adjusting for the family of comparisons it
 * belongs to, and its interval ({@link Mark}) is clear of 1 and of the drift. The interval shown stays the plain 95 %
 * one: an adjusted p below 0.05 implies a plain one below it, so a marked interval always excludes 1.
 * <ul>
 *   <li>{@link Procedure#HOLM}: Holm's step-down (Holm 1979), controlling the family-wise error rate: the chance of any
 *       false mark in the family is at most {@value #ALPHA}, whatever the dependence between comparisons;
 *   <li>{@link Procedure#BENJAMINI_HOCHBERG}: Benjamini–Hochberg's step-up (Benjamini and Hochberg 1995), controlling
 *       the false discovery rate at {@value #ALPHA} (independent or positively dependent comparisons, Benjamini and
 *       Yekutieli 2001); where no effect is real it is also the chance of any mark.
 * </ul>
 * Commons Statistics has neither, so each is the few lines of its paper. A comparison without a p-value but with an
 * interval (a step that completed nothing: a Garwood bound) keeps its interval's mark and counts in the family's
 * size, which makes the others' adjustment no weaker.
 */
public final class PageMarks {

    /** The family's level: the rate the procedures control. */
    public static final double ALPHA = 0.05;

    public enum Procedure {
        HOLM("Holm's step-down at 5 %% over the %d comparisons of this table (the chance of any false mark in it"
                + " ≤ 5 %%)"),
        BENJAMINI_HOCHBERG("Benjamini–Hochberg at 5 %% over the %d comparisons of the sweep's phase tables (steps ×"
                + " phases, this table's included: false discovery rate ≤ 5 %%; where nothing changed, the chance of"
                + " any mark on the page ≤ 5 %%)");

        private final String note;

        Procedure(String note) {
            this.note = note;
        }

        /** The sentence under each table whose marks this procedure decided. */
        public String note(int family) {
            return "Marks: " + String.format(Locale.ROOT, note, family) + "; the intervals shown are the plain 95 % ones.";
        }
    }

    private PageMarks() {
    }

    /**
     * The mark of each comparison of a family, in its order; a null or interval-less member gets none and is not
     * counted.
     *
     * @param family the comparisons, each in the orientation its mark is read in
     * @param bands  each comparison's drift band ({@link Mark#of(EffectInterval, double)}), 1 without
     */
    public static List<Mark> of(List<EffectInterval> family, List<Double> bands, Procedure procedure) {
        List<Integer> tested = IntStream.range(0, family.size())
                .filter(i -> family.get(i) != null && family.get(i).present()).boxed().toList();
        double[] p = tested.stream().mapToDouble(i -> family.get(i).pValue() == null ? 0 : family.get(i).pValue())
                .toArray();
        double[] adjusted = procedure == Procedure.HOLM ? holm(p) : benjaminiHochberg(p);
        List<Mark> marks = new ArrayList<>(java.util.Collections.nCopies(family.size(), Mark.NONE));
        for (int k = 0; k < tested.size(); k++) {
            int i = tested.get(k);
            EffectInterval e = family.get(i);
            // no p-value: a bound, marked by its interval alone (counted as rejected in the adjustment above)
            boolean significant = e.pValue() == null || adjusted[k] < ALPHA;
            marks.set(i, significant ? Mark.of(e, bands.get(i)) : Mark.NONE);
        }
        return marks;
    }

    /** How many comparisons of a family the procedure counts (those with an interval). */
    public static int size(List<EffectInterval> family) {
        return (int) family.stream().filter(e -> e != null && e.present()).count();
    }

    /**
     * Holm's adjusted p-values: sorted ascending, p(k) × (m − k + 1) (k from 1), made non-decreasing, capped at 1
     * (Holm 1979, "A simple sequentially rejective multiple test procedure").
     */
    static double[] holm(double[] p) {
        int m = p.length;
        Integer[] order = sortedIndices(p);
        double[] adjusted = new double[m];
        double running = 0;
        for (int k = 0; k < m; k++) {
            running = Math.max(running, Math.min(1, p[order[k]] * (m - k)));
            adjusted[order[k]] = running;
        }
        return adjusted;
    }

    /**
     * Benjamini–Hochberg's adjusted p-values: sorted ascending, p(k) × m / k, made non-increasing from the largest,
     * capped at 1 (Benjamini and Hochberg 1995, "Controlling the false discovery rate").
     */
    static double[] benjaminiHochberg(double[] p) {
        int m = p.length;
        Integer[] order = sortedIndices(p);
        double[] adjusted = new double[m];
        double running = 1;
        for (int k = m - 1; k >= 0; k--) {
            running = Math.min(running, p[order[k]] * m / (k + 1));
            adjusted[order[k]] = running;
        }
        return adjusted;
    }

    private static Integer[] sortedIndices(double[] p) {
        Integer[] order = IntStream.range(0, p.length).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingDouble(i -> p[i]));
        return order;
    }
}
