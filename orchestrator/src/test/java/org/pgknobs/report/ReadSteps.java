package org.pgknobs.report;

import java.nio.file.Path;
import java.util.Optional;
import org.pgknobs.report.captures.Captures;
import org.pgknobs.report.captures.StepCaptures;

/** Step directories written by a test, read as the report reads them. */
public final class ReadSteps {

    private ReadSteps() {
    }

    /** The step directory alone; its index and repeat unknown. */
    public static StepRun step(Path dir) {
        return ResultDirReader.readStepDir(dir, dir.getFileName().toString());
    }

    public static StepCaptures captures(Path dir) {
        return step(dir).captures();
    }

    /** A step's captures and those of the step it is compared with; a null directory is no such step. */
    public static Optional<Captures> captures(Path step, Path compared) {
        return step == null ? Optional.empty()
                : Optional.of(new Captures(captures(step), Optional.ofNullable(compared).map(ReadSteps::captures)));
    }
}
