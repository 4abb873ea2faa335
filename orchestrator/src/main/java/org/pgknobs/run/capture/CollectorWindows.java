package org.pgknobs.run.capture;

import java.util.function.Consumer;
import org.pgknobs.collector.StatsCollector;
import org.pgknobs.workload.MeasurementListener;

/** Opens and closes the stats collector's windows exactly where the workload's measured phases begin and end. */
public final class CollectorWindows implements MeasurementListener {

    private final StatsCollector collector;
    private final Consumer<String> onStart;

    /** @param collector null: only {@code onStart} is told (the workload collects its own stats, or none) */
    public CollectorWindows(StatsCollector collector, Consumer<String> onStart) {
        this.collector = collector;
        this.onStart = onStart;
    }

    public static MeasurementListener of(StatsCollector collector) {
        return of(collector, phase -> { });
    }

    /** No listener at all when there is no collector (it is off, or could not start). */
    public static MeasurementListener of(StatsCollector collector, Consumer<String> onStart) {
        return collector == null ? NONE : new CollectorWindows(collector, onStart);
    }

    @Override
    public void phaseStarted(String phase) {
        if (collector != null) {
            collector.beginWindow(phase);
        }
        onStart.accept(phase);
    }

    @Override
    public void phaseEnded(String phase) {
        if (collector != null) {
            collector.endWindow(phase);
        }
    }
}
