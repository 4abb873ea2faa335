package org.pgknobs.history.changes;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.pgknobs.history.HistoryView;
import org.pgknobs.history.StoredStep;
import org.pgknobs.stats.NoInterval;
import org.pgknobs.stats.RatioInterval;

/**
 * {@code pgknobs history changes}: the change points of each step's series (one point per run, {@link SeriesPoints}),
 * each with when, the ratio after ÷ before with its 95 % interval, the p-value, the last run before and the first
 * after, and what differed between those two runs ({@link HistoryView#differed}: settings, workload, PostgreSQL,
 * pgknobs, machine calibration).
 */
public final class HistoryChanges {

    private HistoryChanges() {
    }

    public static List<String> lines(List<StoredStep> steps, ChangePointOptions options) {
        List<String> out = new ArrayList<>();
        SeriesPoints.byStep(steps).forEach((name, runs) -> {
            List<StoredStep> valued = SeriesPoints.valued(runs);
            List<ChangePoint> points = valued.size() < 2 ? List.of()
                    : ChangePoints.detect(SeriesPoints.of(valued), options);
            out.add(name + " (" + valued.size() + " run(s)): " + (points.isEmpty()
                    ? "no change point" : points.size() + " change point(s)"));
            for (ChangePoint p : points) {
                StoredStep before = valued.get(p.index() - 1);
                StoredStep after = valued.get(p.index());
                List<String> differed = HistoryView.differed(before, after);
                out.add("  at run " + (p.index() + 1) + " of " + valued.size() + " (" + when(after) + "): "
                        + ratio(p) + String.format(Locale.ROOT, ", p = %.2g", p.pValue()) + "; last run before "
                        + when(before) + " (" + before.run().runKey() + "), first after " + when(after) + " ("
                        + after.run().runKey() + ")");
                out.add("    differed: " + (differed.isEmpty() ? "nothing recorded (same settings, workload, "
                        + "PostgreSQL, pgknobs and machine within noise)" : String.join("; ", differed)));
            }
        });
        return out;
    }

    private static String ratio(ChangePoint p) {
        if (p.ratio() instanceof RatioInterval r) {
            return String.format(Locale.ROOT, "after ÷ before ×%.3g [%.3g–%.3g] (%d → %d runs)", r.ratio(), r.lower(),
                    r.upper(), p.beforeSize(), p.afterSize());
        }
        return String.format(Locale.ROOT, "after ÷ before ×%.3g, no interval: %s", p.afterMean() / p.beforeMean(),
                ((NoInterval) p.ratio()).reason());
    }

    private static String when(StoredStep s) {
        String started = s.run().started();
        return started == null ? "?" : started.substring(0, Math.min(16, started.length())).replace('T', ' ');
    }
}
