package org.pgknobs.run;

import java.nio.file.Path;
import org.pgknobs.experiment.plan.PlannedStep;
import org.pgknobs.results.SuiteLayout;

/** A planned step and which repeat of it: one entry of suite.json, one step directory. */
record PlannedRun(PlannedStep step, int repeat, int repeats) {

    Path dir(SuiteLayout layout) {
        return layout.stepDir(step.index(), step.name(), repeat, repeats);
    }
}
