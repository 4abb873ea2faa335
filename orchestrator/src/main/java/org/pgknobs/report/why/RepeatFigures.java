package org.pgknobs.report.why;

import java.util.List;

/**
 * Figures of every measured repeat of a step and of the step it is compared with, for "what moved most" in the
 * line of a step that differs and that no rule explains ({@link Unexplained}).
 *
 * @param figures one entry per figure both steps recorded
 */
public record RepeatFigures(List<Figure> figures) {

    public static final RepeatFigures NONE = new RepeatFigures(List.of());

    public RepeatFigures {
        figures = figures == null ? List.of() : List.copyOf(figures);
    }

    /**
     * One figure over the repeats.
     *
     * @param name     how the sentence names it ("p95 latency")
     * @param unit     its unit as printed after a value ("ms", "%", "" for a count)
     * @param source   where it was read, as a {@link Reason}'s figures name it ("latencyMs.p95")
     * @param step     this step's value in each repeat that had it
     * @param compared the compared step's
     */
    public record Figure(String name, String unit, String source, List<Double> step, List<Double> compared) {

        public Figure {
            step = List.copyOf(step);
            compared = List.copyOf(compared);
        }
    }
}
