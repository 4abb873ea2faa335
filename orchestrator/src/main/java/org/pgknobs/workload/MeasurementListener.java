package org.pgknobs.workload;

/** Told when a measured window opens and closes (warm-up is outside every window). */
public interface MeasurementListener {

    void phaseStarted(String phase);

    void phaseEnded(String phase);

    MeasurementListener NONE = new MeasurementListener() {
        @Override
        public void phaseStarted(String phase) {
        }

        @Override
        public void phaseEnded(String phase) {
        }
    };
}
