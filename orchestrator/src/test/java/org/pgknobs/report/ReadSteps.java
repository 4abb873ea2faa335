package org.pgknobs.report;

import java.nio.file.Path;
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

    /** Its capture files; null for a null directory (no such step). */
    public static StepCaptures captures(Path dir) {
        return dir == null ? null : step(dir).captures();
    }

    public static Captures captures(Path step, Path compared) {
        return new Captures(captures(step), captures(compared));
    }
}
