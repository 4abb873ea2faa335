package org.pgknobs.report.diff;

import java.nio.file.Path;
import java.util.Optional;
import org.pgknobs.collector.Derived;
import org.pgknobs.report.ResultDirReader;
import org.pgknobs.report.StepRun;

/** The collector's figures of a step directory's headline window (pgstats.json), as the report picks them. */
final class WindowFigures {

    private WindowFigures() {
    }

    static Optional<Derived> of(Path stepDir) {
        StepRun run = ResultDirReader.readStepDir(stepDir, "");
        String headline = run.measured() ? run.result().workload().headlinePhase() : null;
        return ResultDirReader.headlineWindow(run.stats(), headline).map(w -> w.derived());
    }
}
