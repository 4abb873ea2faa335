package org.pgknobs.history.page;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.pgknobs.history.HistoryView;
import org.pgknobs.history.StoredStep;
import org.pgknobs.history.changes.ChangePoint;
import org.pgknobs.history.changes.ChangePointOptions;
import org.pgknobs.history.changes.ChangePoints;
import org.pgknobs.history.changes.SeriesPoints;
import org.pgknobs.stats.GeometricMeanInterval;
import org.pgknobs.stats.RatioInterval;

/**
 * One series of the history page (experiment / step / metric) as the page draws it: a point per run that has a value,
 * oldest first, and the series' change points. Every figure is computed here, once; the page only draws them.
 *
 * @param points  the runs with a positive value ({@link SeriesPoints#valued}), oldest first: the same points the
 *                change-point detection reads
 * @param changes the change points of those points ({@link ChangePoints#detect}), in index order
 */
public record HistorySeries(String experiment, String step, String metric, List<Point> points, List<Change> changes) {

    /**
     * One run's point.
     *
     * @param value    the geometric mean of the run's repeats ({@link SeriesPoints}' point, the change points' input)
     * @param lower    the lower end of the 95 % interval of that geometric mean from the run's own repeats
     *                 ({@link GeometricMeanInterval}: Student's t on logs); null with one repeat
     * @param upper    its upper end; null with one repeat
     * @param repeats  the run's positive repeats
     * @param differed what was not the same as in the run before ({@link HistoryView#differed}); empty for the first
     * @param machine  the calibration probes that differed beyond their noise from the run before
     *                 ({@link HistoryView#machineDiffered}), or "" when none did or a side has no calibration
     */
    public record Point(String runKey, String started, String resultDir, double value, Double lower, Double upper,
                        int repeats, List<String> differed, String machine) {

        public Point {
            differed = List.copyOf(differed);
        }
    }

    /**
     * A change point: the runs from {@code index} on differ from those before it.
     *
     * @param index  the first point after the change (0-based in {@link #points})
     * @param ratio  after ÷ before: the ratio of the segments' geometric means where there is an interval, else of
     *               their means (as {@code history changes} prints it)
     * @param lower  its 95 % Welch interval's lower end on logs; null when there is none (see {@code noInterval})
     * @param upper  its upper end; null when there is none
     * @param pValue the Student's t-test p-value of the two segments, as Otava computes it
     * @param noInterval why there is no interval (one run on a side); null when there is one
     */
    public record Change(int index, double ratio, Double lower, Double upper, double pValue, String noInterval) {
    }

    public HistorySeries {
        points = List.copyOf(points);
        changes = List.copyOf(changes);
    }

    /** The series of the stored steps (the store's order: oldest first), with change points found by {@code options}. */
    public static List<HistorySeries> of(List<StoredStep> steps, ChangePointOptions options) {
        List<HistorySeries> out = new ArrayList<>();
        for (Map.Entry<String, List<StoredStep>> e : SeriesPoints.byStep(steps).entrySet()) {
            List<StoredStep> valued = SeriesPoints.valued(e.getValue());
            if (valued.isEmpty()) {
                continue;
            }
            double[] values = SeriesPoints.of(valued);
            List<Point> points = new ArrayList<>();
            for (int i = 0; i < valued.size(); i++) {
                points.add(point(valued.get(i), i == 0 ? null : valued.get(i - 1), values[i]));
            }
            List<Change> changes = valued.size() < 2 ? List.of() : ChangePoints.detect(values, options).stream()
                    .map(HistorySeries::change).toList();
            StoredStep first = valued.get(0);
            out.add(new HistorySeries(first.run().experiment(), first.step().step(), first.step().metric(), points,
                    changes));
        }
        return out;
    }

    /** "experiment / step / metric", as the terminal view names a series. */
    public String name() {
        return experiment + " / " + step + " / " + metric;
    }

    private static Point point(StoredStep run, StoredStep before, double value) {
        double[] repeats = run.step().numbers().stream().mapToDouble(Double::doubleValue).filter(v -> v > 0).toArray();
        GeometricMeanInterval interval = GeometricMeanInterval.of(repeats, 0.95);
        return new Point(run.run().runKey(), run.run().started(), run.run().resultDir(), value,
                interval.present() ? interval.lower() : null, interval.present() ? interval.upper() : null,
                repeats.length, before == null ? List.of() : HistoryView.differed(before, run),
                before == null ? "" : HistoryView.machineDiffered(before, run));
    }

    private static Change change(ChangePoint p) {
        if (p.ratio() instanceof RatioInterval r) {
            return new Change(p.index(), r.ratio(), r.lower(), r.upper(), p.pValue(), null);
        }
        return new Change(p.index(), p.afterMean() / p.beforeMean(), null, null, p.pValue(),
                ((org.pgknobs.stats.NoInterval) p.ratio()).reason());
    }
}
