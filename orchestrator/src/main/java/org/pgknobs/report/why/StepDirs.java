package org.pgknobs.report.why;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a rule finds a step's capture files (plans.json, statements.json, profile.folded ...): the
 * directory of the step's median repeat, and that of the step it is compared with (the step before in a
 * cumulative experiment, the base in variants). Either may be null: the rules that read them then stay
 * silent.
 */
public record StepDirs(Path step, Path compared) {

    public static final StepDirs NONE = new StepDirs(null, null);

    public Optional<Path> stepDir() {
        return Optional.ofNullable(step);
    }

    public Optional<Path> comparedDir() {
        return Optional.ofNullable(compared);
    }
}
