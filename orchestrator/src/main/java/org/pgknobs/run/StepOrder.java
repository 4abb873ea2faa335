package org.pgknobs.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.ExperimentPlan;
import org.pgknobs.experiment.PlannedStep;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.SuiteLayout;
import org.pgknobs.results.SuiteRecord;

/** The order steps run in, and what {@code --resume} finds already done in an earlier result directory. */
final class StepOrder {

    private StepOrder() {
    }

    /** Repeats interleave (1..k, 1..k, ...) so that drift over time hits every step alike. */
    static List<PlannedRun> interleave(ExperimentPlan plan, int repeats) {
        List<PlannedRun> order = new ArrayList<>();
        for (int r = 1; r <= repeats; r++) {
            for (PlannedStep s : plan.steps()) {
                order.add(new PlannedRun(s, r, repeats));
            }
        }
        return order;
    }

    /** Whether every planned run already has a final step.json in {@code earlier}. */
    static boolean allDone(SuiteLayout earlier, List<PlannedRun> order) {
        return order.stream().allMatch(p -> {
            Path json = SuiteLayout.stepJson(p.dir(earlier));
            return Files.isRegularFile(json) && JsonFiles.read(json, StepResult.class).status().isFinal();
        });
    }

    /** The suite.json of the directory named by --resume; bad input unless it is one of this experiment. */
    static SuiteRecord readEarlier(Path dir, Experiment experiment) {
        SuiteLayout earlier = new SuiteLayout(dir);
        if (!Files.isRegularFile(earlier.suiteJson())) {
            throw new BadInputException("--resume " + dir + ": no suite.json there; name a result directory "
                    + "of an earlier run (results/<experiment>/<timestamp>)");
        }
        SuiteRecord r = JsonFiles.read(earlier.suiteJson(), SuiteRecord.class);
        if (!r.experiment().equals(experiment.name())) {
            throw new BadInputException("--resume " + dir + " holds results of experiment '" + r.experiment()
                    + "', not '" + experiment.name() + "'; resume it with its own file, or drop --resume");
        }
        return r;
    }
}
