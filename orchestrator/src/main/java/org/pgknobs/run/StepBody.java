package org.pgknobs.run;

import java.util.ArrayList;
import java.util.List;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.plan.ExperimentPlan;
import org.pgknobs.experiment.plan.PlannedRun;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.SuiteLayout;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.run.progress.SuiteProgress;

/**
 * The one body every run of a suite goes through, whichever schedule hands it over: the fixed order, a round
 * of {@code repeats: auto} ({@link RunsInOrder} with {@link AutoRounds}) or a candidate of the ablation
 * search ({@link AblationSearchPhase}). It marks the run current for {@link SuiteInterruption}, runs it
 * ({@link StepRunner}), records its result in step.json and suite.json and tells the progress display, so
 * that a signal, the ETA and the files treat every run alike. A run planned while the suite goes on is
 * appended to suite.json first ({@link #planned}).
 */
final class StepBody {

    private final Experiment experiment;
    private final ExperimentPlan plan;
    private final SuiteLayout layout;
    private final SuiteRecordWriter record;
    private final SuitePreflight.Verdict preflight;
    private final StepRunner steps;
    private final SuiteInterruption interruption;
    private final SuiteProgress progress;
    private BracketWatch watch;

    /** @param preflight the settings to apply per step (a step planned at run time, unknown to it, keeps its own) */
    StepBody(Experiment experiment, ExperimentPlan plan, SuiteLayout layout, SuiteRecordWriter record,
             SuitePreflight.Verdict preflight, StepRunner steps, SuiteInterruption interruption, SuiteProgress progress) {
        this.experiment = experiment;
        this.plan = plan;
        this.layout = layout;
        this.record = record;
        this.preflight = preflight;
        this.steps = steps;
        this.interruption = interruption;
        this.progress = progress;
    }

    /** The bracketed base's live line: told of every run's result. */
    void watching(BracketWatch bracketWatch) {
        this.watch = bracketWatch;
    }

    /**
     * The bracketed base's discarded warm-up run ({@link BracketSchedule}): run like any other run of the base, its
     * files written to its own directory, recorded in suite.json's bracket and never as an entry, so that no
     * statistic ever reads it. False when a signal stopped the suite.
     *
     * @param n the warm-up's number in this result directory (a --resume runs another)
     */
    boolean warmUp(PlannedRun p, int n) {
        java.nio.file.Path dir = layout.warmupDir(p.step().index(), p.step().name(), n);
        progress.say("warm-up: " + p.step().name() + " once before anything is measured (discarded: the machine and "
                + "the client warm up in it, docs/experiments.md)");
        StepResult result = steps.run(experiment, p, dir, preflight.settingsFor(p.step()), progress);
        if (!interruption.warmupFinished(dir, result)) {
            return false;
        }
        progress.say("warm-up " + result.status().json() + (result.reason() == null ? "" : ": " + result.reason())
                + (BracketSchedule.throughput(result) == null ? "" : String.format(java.util.Locale.ROOT,
                        ", %,.0f/s (not counted)", BracketSchedule.throughput(result))));
        return true;
    }

    /** suite.json's entries so far: the schedules read what is done from them. */
    List<SuiteRecord.Entry> entries() {
        return record.entries();
    }

    boolean interrupted() {
        return interruption.interrupted();
    }

    /**
     * Appends runs planned while the suite goes on to suite.json (pending) and to the progress display's
     * count; no runs at all tells the display that none will follow. Returns their entries' indexes.
     */
    List<Integer> planned(List<PlannedRun> runs) {
        List<Integer> entries = new ArrayList<>();
        for (PlannedRun p : runs) {
            entries.add(interruption.stepPlanned(p));
        }
        progress.runsAdded(runs.size());
        return entries;
    }

    /**
     * Runs {@code p}, suite.json's entry {@code entry}, and records it.
     *
     * @param note said before the run starts (what an ablation candidate tries), null for nothing
     * @return the run's result; null when a signal stopped the suite first (then nothing was recorded here:
     *         the signal's hook marked the run interrupted)
     */
    StepResult run(int entry, PlannedRun p, String note) {
        interruption.stepStarting(entry);
        progress.stepStarted(entry + 1, p.label(), plan.runTimePerStep().plus(plan.stepOverhead()));
        if (note != null) {
            progress.say(note);
        }
        StepResult result = steps.run(experiment, p, StepOrder.dir(layout, p), preflight.settingsFor(p.step()), progress);
        if (!interruption.stepFinished(entry, result)) {
            return null;
        }
        progress.say(result.status().json() + (result.reason() == null ? "" : ": " + result.reason()));
        if (watch != null && result.workload() != null) {
            watch.measured(result, steps.lastMeasuredRates(result.workload().headlinePhase()));
        }
        return result;
    }
}
