package org.pgknobs.workload;

/**
 * Told when a measured window opens and closes (warm-up is outside every window), and of each second of the
 * warm-up and the windows as it ends (the live feed; workloads that cannot see their seconds tell none).
 */
public interface MeasurementListener {

    void phaseStarted(String phase);

    void phaseEnded(String phase);

    /** One second of the warm-up or of a measured phase has ended. Called from one thread per phase. */
    default void second(LiveSecond second) {
    }

    MeasurementListener NONE = new MeasurementListener() {
        @Override
        public void phaseStarted(String phase) {
        }

        @Override
        public void phaseEnded(String phase) {
        }
    };
}
