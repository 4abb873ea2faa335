package org.pgknobs.report.diff;

import java.util.Optional;
import org.pgknobs.collector.Derived;
import org.pgknobs.report.StepRun;

/** The collector's figures of a step's headline window (pgstats.json), as the report picks them. */
final class WindowFigures {

    private WindowFigures() {
    }

    static Optional<Derived> of(StepRun run) {
        String headline = run.measured() ? run.result().workload().headlinePhase() : null;
        return StepRun.headlineWindow(run.stats(), headline).map(w -> w.derived());
    }
}
