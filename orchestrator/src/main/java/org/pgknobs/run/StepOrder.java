package org.pgknobs.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.plan.ExperimentPlan;
import org.pgknobs.experiment.plan.PlannedRun;
import org.pgknobs.experiment.plan.Shard;
import org.pgknobs.experiment.plan.ShardSelection;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.RunTags;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.SuiteLayout;
import org.pgknobs.results.SuiteRecord;

/** The order steps run in, and what {@code --resume} finds already done in an earlier result directory. */
final class StepOrder {

    private StepOrder() {
    }

    /**
     * This shard's runs in the order they run: repeats interleave (1..k, 1..k, ...) so that drift over
     * time hits every step alike; a shard keeps the base and its share of the rest ({@link ShardSelection}).
     */
    static List<PlannedRun> select(ExperimentPlan plan, Shard shard) {
        return ShardSelection.select(plan, shard);
    }

    /** A run's step directory: one entry of suite.json. */
    static Path dir(SuiteLayout layout, PlannedRun p) {
        return layout.stepDir(p.step().index(), p.step().name(), p.repeat(), p.repeats());
    }

    /** Whether every planned run already has a final step.json in {@code earlier}. */
    static boolean allDone(SuiteLayout earlier, List<PlannedRun> order) {
        return order.stream().allMatch(p -> done(earlier, p));
    }

    /** Whether this run already has a final step.json in {@code earlier}. */
    static boolean done(SuiteLayout earlier, PlannedRun p) {
        Path json = SuiteLayout.stepJson(dir(earlier, p));
        return Files.isRegularFile(json) && JsonFiles.read(json, StepResult.class).status().isFinal();
    }

    /** The suite.json of the directory named by --resume; bad input unless it is one of this experiment. */
    static SuiteRecord readEarlier(Path dir, Experiment experiment) {
        SuiteLayout earlier = new SuiteLayout(dir);
        if (!Files.isRegularFile(earlier.suiteJson())) {
            throw new BadInputException("--resume " + dir + ": no suite.json there; name a result directory "
                    + "of an earlier run (results/<experiment>/<timestamp>)");
        }
        SuiteRecord r = JsonFiles.read(earlier.suiteJson(), SuiteRecord.class);
        if (!r.origin().experiment().equals(experiment.name())) {
            throw new BadInputException("--resume " + dir + " holds results of experiment '" + r.origin().experiment()
                    + "', not '" + experiment.name() + "'; resume it with its own file, or drop --resume");
        }
        return r;
    }

    /** A shard or version directory resumes only as that same part: another part would mix plans. */
    static void checkSamePart(Path dir, SuiteRecord earlier, RunTags now) {
        RunTags then = earlier.tagsOrNone();
        if (!Objects.equals(then.shard(), now.shard()) || !Objects.equals(then.pgMajor(), now.pgMajor())) {
            throw new BadInputException("--resume " + dir + " holds " + part(then) + ", not " + part(now)
                    + "; resume it with the same --shard and --pg-versions it ran with");
        }
    }

    private static String part(RunTags t) {
        String v = t.pgMajor() == null ? "the one build" : "PostgreSQL " + t.pgMajor();
        return v + (t.shard() == null ? " (whole plan)" : " shard " + t.shard());
    }
}
