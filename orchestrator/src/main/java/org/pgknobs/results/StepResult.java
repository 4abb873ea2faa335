package org.pgknobs.results;

import java.time.Instant;
import java.util.Map;

/**
 * What one step (one repeat of it) produced; written as {@code step.json} in its directory the moment
 * it ends, so nothing completed depends on the suite finishing.
 *
 * @param seconds   wall-clock seconds per phase of the step: restore, overlay, run, collect...
 * @param workload  null unless the workload ran
 * @param machine   what the machine did during the measured windows; null when the workload did not run
 *                  (and in result directories written before pgknobs recorded it)
 */
public record StepResult(int index, String name, int repeat, StepStatus status, String reason,
                         Instant started, Instant finished, boolean restarted, int settingsRequested,
                         int settingsVerified, Map<String, Double> seconds, WorkloadResult workload,
                         MachineFacts machine) {

    public StepResult withMachine(MachineFacts facts) {
        return new StepResult(index, name, repeat, status, reason, started, finished, restarted, settingsRequested,
                settingsVerified, seconds, workload, facts);
    }
}
