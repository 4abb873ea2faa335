package org.pgknobs.report.captures;

import java.util.Objects;
import java.util.Optional;

/**
 * The capture files of a step's median repeat and, when there is one, those of the step it is compared with (the
 * step before in a cumulative experiment, the base in variants; none for the base itself).
 */
public record Captures(StepCaptures step, Optional<StepCaptures> compared) {

    public Captures {
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(compared, "compared");
    }
}
