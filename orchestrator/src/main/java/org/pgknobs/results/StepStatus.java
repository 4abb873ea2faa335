package org.pgknobs.results;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * How a step ended. Only {@code done} and {@code rejected} are final: {@code --resume} runs failed,
 * interrupted and never-started steps again.
 */
public enum StepStatus {
    /** Measured; results on disk. */
    DONE,
    /** Ended in an error (server did not start, workload failed); reason and log tail saved. */
    FAILED,
    /** A setting was refused by preflight (e.g. not supported by this server build); nothing ran. */
    REJECTED,
    /** Not run (an optional step, or the suite stopped before it). */
    SKIPPED,
    /** Stopped by Ctrl-C / SIGTERM. */
    INTERRUPTED,
    /** A step marked {@code expect: fail} failed as the experiment said it would (e.g. shared_buffers=128kB). */
    FAILED_AS_EXPECTED,
    /** Planned, not yet run. */
    PENDING,
    /** Not run on this PostgreSQL version: it lacks one of the step's settings (the reason names it). */
    NOT_APPLICABLE;

    @com.fasterxml.jackson.annotation.JsonCreator
    public static StepStatus parse(String json) {
        if (json.equals("n/a")) {
            return NOT_APPLICABLE;
        }
        return valueOf(json.toUpperCase(Locale.ROOT).replace('-', '_'));
    }

    @JsonValue
    public String json() {
        if (this == NOT_APPLICABLE) {
            return "n/a";
        }
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public boolean isFinal() {
        return this == DONE || this == REJECTED || this == FAILED_AS_EXPECTED || this == NOT_APPLICABLE;
    }
}
