package org.pgknobs.history.changes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.statistics.descriptive.GeometricMean;
import org.pgknobs.history.StoredStep;

/**
 * A step's runs as the series the change-point detection reads: one point per run, the geometric mean of the run's
 * repeats (the report's one point estimate is a ratio of geometric means, so a change point's ratio is the same kind
 * of figure). Runs without a positive value are left out of the series: they cannot be placed on it.
 */
public final class SeriesPoints {

    private SeriesPoints() {
    }

    /** The runs that have a value, oldest first. */
    public static List<StoredStep> valued(List<StoredStep> runs) {
        return runs.stream().filter(r -> !Double.isNaN(point(r))).toList();
    }

    /** The points of {@link #valued} runs. */
    public static double[] of(List<StoredStep> valued) {
        return valued.stream().mapToDouble(SeriesPoints::point).toArray();
    }

    /** experiment / step / metric → its runs, oldest first (the store's order), as the terminal view groups them. */
    public static Map<String, List<StoredStep>> byStep(List<StoredStep> steps) {
        Map<String, List<StoredStep>> series = new LinkedHashMap<>();
        steps.forEach(s -> series.computeIfAbsent(s.run().experiment() + " / " + s.step().step() + " / "
                + s.step().metric(), k -> new ArrayList<>()).add(s));
        return series;
    }

    private static double point(StoredStep run) {
        double[] values = run.step().numbers().stream().mapToDouble(Double::doubleValue).filter(v -> v > 0).toArray();
        return values.length == 0 ? Double.NaN : GeometricMean.of(values).getAsDouble();
    }
}
