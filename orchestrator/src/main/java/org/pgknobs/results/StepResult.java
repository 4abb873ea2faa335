package org.pgknobs.results;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.time.Instant;
import java.util.Map;

/**
 * What one step (one repeat of it) produced; written as {@code step.json} in its directory the moment
 * it ends, so nothing completed depends on the suite finishing.
 *
 * @param settings  how its settings were applied; unwrapped in step.json, whose keys stay {@code restarted},
 *                  {@code settingsRequested} and {@code settingsVerified}
 * @param seconds   wall-clock seconds per phase of the step: restore, overlay, run, collect...
 * @param workload  null unless the workload ran
 * @param machine   what the machine did during the measured windows; null when the workload did not run
 *                  (and in result directories written before pgknobs recorded it)
 */
public record StepResult(int index, String name, int repeat, StepStatus status, String reason,
                         Instant started, Instant finished, @JsonUnwrapped Settings settings,
                         Map<String, Double> seconds, WorkloadResult workload, MachineFacts machine) {

    /** Never null: an unwrapped null would drop its keys from step.json instead of writing them. */
    public StepResult {
        settings = settings == null ? new Settings(false, 0, 0) : settings;
    }

    /**
     * @param restarted the server restarted to apply them
     * @param requested how many settings the step asked for
     * @param verified  how many of them pg_settings showed as asked
     */
    public record Settings(boolean restarted, @JsonProperty("settingsRequested") int requested,
                           @JsonProperty("settingsVerified") int verified) {
    }

    public StepResult withMachine(MachineFacts facts) {
        return new StepResult(index, name, repeat, status, reason, started, finished, settings, seconds, workload,
                facts);
    }
}
