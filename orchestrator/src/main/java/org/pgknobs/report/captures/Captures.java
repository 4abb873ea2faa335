package org.pgknobs.report.captures;

import java.util.Optional;

/**
 * The capture files of a step's median repeat and those of the step it is compared with (the step before in a
 * cumulative experiment, the base in variants). Either may be null: what needs them then stays silent.
 */
public record Captures(StepCaptures step, StepCaptures compared) {

    public static final Captures NONE = new Captures(null, null);

    public Optional<StepCaptures> stepCaptures() {
        return Optional.ofNullable(step);
    }

    public Optional<StepCaptures> comparedCaptures() {
        return Optional.ofNullable(compared);
    }
}
