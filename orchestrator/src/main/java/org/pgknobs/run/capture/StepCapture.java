package org.pgknobs.run.capture;

import org.pgknobs.workload.MeasurementListener;
import org.pgknobs.results.WorkloadResult;

/**
 * What a step records beside the workload's own figures (plans, CPU per window, a CPU profile, the autovacuum
 * log), behind the hooks the step body calls for every capture alike ({@link StepCaptures}): {@link #beforeRun}
 * once the step's settings are applied, the {@link MeasurementListener} hooks at each measured window's edges,
 * then {@link #afterRun} once the workload ended, or {@link #abandon} when it failed. A capture never fails a
 * step: its trouble ends as a file saying why what it records is absent.
 */
public interface StepCapture extends MeasurementListener {

    /** Before the workload starts, on the step's verified settings. */
    default void beforeRun(StepSubject step) {
    }

    /** The workload ended: what the capture keeps goes into the step directory. */
    default void afterRun(StepSubject step, WorkloadResult result) {
    }

    /** The workload failed: nothing to keep, only what the capture started to end. */
    default void abandon() {
    }

    @Override
    default void phaseStarted(String phase) {
    }

    @Override
    default void phaseEnded(String phase) {
    }
}
