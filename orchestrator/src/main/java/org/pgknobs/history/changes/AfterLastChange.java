package org.pgknobs.history.changes;

import java.util.List;
import org.pgknobs.history.Segment;
import org.pgknobs.history.StoredStep;

/**
 * The gate's last stable segment: the earlier runs (same key) after their series' last change point. A series that
 * moved (a new machine, a PostgreSQL build, a pgknobs change that shifted the level on purpose) is judged against its
 * new level, not against a pool of both levels, whose spread would hide a regression or invent one.
 */
public record AfterLastChange(ChangePointOptions options) implements Segment {

    @Override
    public List<StoredStep> lastStable(List<StoredStep> earlier) {
        List<StoredStep> valued = SeriesPoints.valued(earlier);
        if (valued.size() < 2) {
            return valued;
        }
        List<ChangePoint> points = ChangePoints.detect(SeriesPoints.of(valued), options);
        return points.isEmpty() ? valued : valued.subList(points.get(points.size() - 1).index(), valued.size());
    }
}
