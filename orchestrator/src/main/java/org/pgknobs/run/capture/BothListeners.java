package org.pgknobs.run.capture;

import org.pgknobs.workload.LiveSecond;
import org.pgknobs.workload.MeasurementListener;

/** Tells two listeners of every window (and every live second), the first one first (the collector's snapshot stays closest to the edge). */
public record BothListeners(MeasurementListener first, MeasurementListener second) implements MeasurementListener {

    @Override
    public void phaseStarted(String phase) {
        first.phaseStarted(phase);
        second.phaseStarted(phase);
    }

    @Override
    public void phaseEnded(String phase) {
        first.phaseEnded(phase);
        second.phaseEnded(phase);
    }

    @Override
    public void second(LiveSecond s) {
        first.second(s);
        second.second(s);
    }
}
