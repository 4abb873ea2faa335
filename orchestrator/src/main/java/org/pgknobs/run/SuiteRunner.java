package org.pgknobs.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.Mode;
import org.pgknobs.experiment.plan.AblationPlan;
import org.pgknobs.experiment.plan.ExperimentPlan;
import org.pgknobs.experiment.plan.PlannedRun;
import org.pgknobs.experiment.plan.VersionPlan;
import org.pgknobs.experiment.yaml.ExperimentYaml;
import org.pgknobs.host.MemoryLimits;
import org.pgknobs.overlay.OverlayEngine;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteLayout;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.workload.benchbase.BenchBaseLauncher;

/**
 * Runs an experiment's plan: per step restore the loaded data, apply the overlay, run the workload
 * with the stats collector alongside, and write the step's files the moment it ends. A failing step is
 * recorded with its reason and the server's log tail and the suite goes on; Ctrl-C / SIGTERM mark the
 * current step interrupted, stop the server (or restore an external one) and flush suite.json.
 *
 * <p>The jobs live in their own classes: {@link StepOrder} (order and --resume), {@link SuitePreflight},
 * {@link TrialStarts} (every configuration started once before the load), {@link Clusters} (servers and data), {@link StepRunner} with {@link StepVerdict} (one step and its
 * status), {@link WorkloadWithCollector}, {@link SuiteRecordWriter} (suite.json) and
 * {@link SuiteInterruption} (signals).
 */
public final class SuiteRunner {

    /**
     * @param resume an earlier result directory of the same experiment: only steps not yet done run
     * @param sets   the user's --set overrides, recorded in suite.json
     * @param collect whether to run the pg_stat_* collector (off only for overhead measurements)
     */
    public record Options(Path outDir, Optional<Path> resume, List<String> commandLine, List<String> sets,
                          boolean collect, Duration collectorInterval, PrintStream out, RunScope scope, Trial trial,
                          LiveOptions live) {

        public Options(Path outDir, Optional<Path> resume, List<String> commandLine, List<String> sets,
                       boolean collect, Duration collectorInterval, PrintStream out) {
            this(outDir, resume, commandLine, sets, collect, collectorInterval, out, RunScope.whole(), Trial.DEFAULT);
        }

        public Options(Path outDir, Optional<Path> resume, List<String> commandLine, List<String> sets,
                       boolean collect, Duration collectorInterval, PrintStream out, RunScope scope, Trial trial) {
            this(outDir, resume, commandLine, sets, collect, collectorInterval, out, scope, trial, LiveOptions.defaults());
        }
    }

    /**
     * Whether every configuration is started once before the load ({@link TrialStarts}): by default on
     * clusters pgknobs owns, never on an external server unless asked (it restarts the user's server).
     */
    public enum Trial {
        DEFAULT, ON, OFF;

        boolean wanted(ServerSupply supply) {
            return this == ON || this == DEFAULT && supply instanceof ServerSupply.Managed;
        }
    }

    /** The plan this suite runs: its order (this shard), the steps its version lacks, the steps to check. */
    private record Scoped(ExperimentPlan plan, List<PlannedRun> order, Map<String, String> notApplicable,
                          ExperimentPlan toCheck) {
    }

    /** How the suite ended; the CLI turns it into an exit code. */
    public record Outcome(Path directory, List<SuiteRecord.Entry> entries, boolean interrupted) {
        public boolean anyFailed() {
            return entries.stream().anyMatch(e -> e.status() == StepStatus.FAILED || e.status() == StepStatus.PENDING);
        }
    }

    private final ServerSupply supply;
    private final Options options;
    private final BenchBaseLauncher benchBase;

    public SuiteRunner(ServerSupply supply, Options options) {
        this(supply, options, null);
    }

    /**
     * @param benchBase how to start BenchBase for {@code driver: benchbase}, checked by the caller before
     *                  the suite starts; null when the experiment does not use it
     */
    public SuiteRunner(ServerSupply supply, Options options, BenchBaseLauncher benchBase) {
        this.supply = supply;
        this.options = options;
        this.benchBase = benchBase;
    }

    private Scoped scoped(Experiment experiment) {
        VersionPlan version = options.scope().versionPlan(ExperimentPlan.of(experiment));
        ExperimentPlan plan = new ExperimentPlan(experiment, version.steps().stream().map(VersionPlan.Entry::step).toList());
        List<PlannedRun> order = StepOrder.select(plan, options.scope().shard());
        Map<String, String> notApplicable = new LinkedHashMap<>();
        version.steps().forEach(e -> e.notApplicable().ifPresent(why -> notApplicable.put(e.step().name(), why)));
        ExperimentPlan toCheck = new ExperimentPlan(experiment, order.stream().map(PlannedRun::step).distinct()
                .filter(s -> !notApplicable.containsKey(s.name())).toList());
        return new Scoped(plan, order, notApplicable, toCheck);
    }

    /**
     * Preflight and the trial start of every configuration, nothing else (`validate --start`, and a run
     * of several versions before the first one loads): the clusters are deleted, nothing is written.
     *
     * @throws org.pgknobs.BadInputException a setting or a configuration PostgreSQL refuses
     */
    public List<SuiteRecord.TrialStart> trialOnly(Experiment experiment) {
        ExperimentPlan toCheck = scoped(experiment).toCheck();
        if (toCheck.steps().isEmpty()) {
            return List.of();
        }
        OverlayEngine engine = new OverlayEngine(supply instanceof ServerSupply.External);
        Clusters clusters = new Clusters(supply, benchBase, engine, options.out());
        try {
            SuitePreflight.Verdict preflight = SuitePreflight.check(toCheck, clusters, engine, options.out());
            return TrialStarts.run(toCheck, preflight, clusters, engine, MemoryLimits.detect(), options.out());
        } finally {
            clusters.release(true);
        }
    }

    public Outcome run(Experiment experiment) {
        return run(experiment, null);
    }

    /** @param selection what --steps chose (recorded in suite.json for the reports), null without it */
    public Outcome run(Experiment experiment, SuiteRecord.Selection selection) {
        Scoped scoped = scoped(experiment);
        ExperimentPlan plan = scoped.plan();
        Map<String, String> notApplicable = scoped.notApplicable();
        ExperimentPlan toCheck = scoped.toCheck();
        SuiteRecord earlier = options.resume().map(dir -> StepOrder.readEarlier(dir, experiment)).orElse(null);
        if (earlier != null) {
            StepOrder.checkSamePart(options.resume().get(), earlier, options.scope().tags());
        }
        AutoRounds rounds = experiment.autoRepeats().map(a -> new AutoRounds(a, plan)).orElse(null);
        if (rounds != null && !options.scope().shard().isWhole()) {
            throw new IllegalArgumentException("repeats: auto decides on every step's repeats; a shard has only some");
        }
        // repeats: auto resumes with every round the earlier run planned, and goes on deciding after them
        List<PlannedRun> order = new ArrayList<>(rounds == null ? scoped.order()
                : plan.runs(AutoRounds.roundsPlanned(experiment.autoRepeats().get(), earlier),
                        experiment.autoRepeats().get().max()));
        PrintStream out = options.out();
        if (earlier != null && StepOrder.allDone(new SuiteLayout(options.resume().get()), order)
                && !AblationSearchPhase.unfinished(experiment, new SuiteLayout(options.resume().get()))
                && (rounds == null || rounds.afterRound(new SuiteLayout(options.resume().get()), earlier.steps())
                        .nextRound().isEmpty())) {
            out.println("nothing to do: every step in " + options.resume().get() + " is done");
            return new Outcome(options.resume().get(), earlier.steps(), false);
        }
        out.println(plan.summary());
        if (!options.scope().describe().isEmpty()) {
            out.println("  " + options.scope().describe() + ": " + order.size() + " of " + plan.runs().size() + " runs, "
                    + notApplicable.size() + " step(s) not applicable");
        }

        OverlayEngine engine = new OverlayEngine(supply instanceof ServerSupply.External);
        Clusters clusters = new Clusters(supply, benchBase, engine, out);
        SuiteInterruption interruption = new SuiteInterruption(engine, clusters, out);
        interruption.install();
        SuiteLayout layout;
        SuiteRecordWriter record;
        try {
            SuitePreflight.Verdict preflight = toCheck.steps().isEmpty() ? SuitePreflight.Verdict.none()
                    : SuitePreflight.check(toCheck, clusters, engine, out);
            String serverVersion = clusters.serverVersion(); // while preflight's server runs: the trial stops it
            List<SuiteRecord.TrialStart> trials = options.trial().wanted(supply)
                    ? TrialStarts.run(toCheck, preflight, clusters, engine, MemoryLimits.detect(), out) : List.of();
            layout = options.resume().map(SuiteLayout::new)
                    .orElseGet(() -> SuiteLayout.fresh(options.outDir(), experiment.name(), LocalDateTime.now(),
                            options.scope().directorySuffix()));
            interruption.resultsIn(layout);
            StepRunner steps = new StepRunner(clusters, engine, benchBase,
                    new WorkloadWithCollector(options.collect(), options.collectorInterval()), options.live(),
                    layout.progressLog());
            out.println("live progress every " + options.live().every().toSeconds() + " s of warm-up and window"
                    + (options.live().quiet() ? " (not printed: -q)" : "") + "; from another terminal: tail -f "
                    + layout.progressLog());
            JsonFiles.writeText(layout.resolvedExperiment(), ExperimentYaml.write(experiment));
            record = SuiteRecordWriter.start(layout, experiment, order, earlier, preflight.rejected(), notApplicable,
                    EnvironmentCapture.capture(options.commandLine(), serverVersion), options.sets(),
                    options.scope().tags(), selection);
            interruption.recordingWith(record);
            if (!trials.isEmpty()) {
                record.trialStarts(trials);
            }
            int toRun = (int) record.entries().stream().filter(e -> !e.status().isFinal()).count();
            SuiteProgress progress = new SuiteProgress(out, order.size(), toRun,
                    supply instanceof ServerSupply.Managed ? toCheck.distinctInitdbSets().size() : 0,
                    plan.loadTimePerCluster(), Duration.ofSeconds(10));
            if (rounds != null) {
                progress.mayAdd(rounds.runsThatMayFollow(earlier));
            }
            AblationSearchPhase ablation = experiment.mode() == Mode.ABLATION ? new AblationSearchPhase(experiment, plan,
                    layout, preflight.settingsFor(plan.step(AblationPlan.BASE).orElseThrow()),
                    preflight.settingsFor(plan.step(AblationPlan.FULL).orElseThrow())) : null;
            if (ablation != null) {
                ablation.writeStart();
            }
            for (int i = 0; !interruption.interrupted(); i++) {
                if (i == order.size() && !nextRound(rounds, layout, record, interruption, progress, order)) {
                    break;
                }
                PlannedRun p = order.get(i);
                if (record.entries().get(i).status().isFinal()) {
                    continue;
                }
                interruption.stepStarting(i);
                progress.stepStarted(i + 1, p.label(), plan.runTimePerStep().plus(plan.stepOverhead()));
                StepResult result = steps.run(experiment, p, StepOrder.dir(layout, p), preflight.settingsFor(p.step()), progress);
                if (!interruption.stepFinished(i, result)) {
                    break;
                }
                progress.say(result.status().json() + (result.reason() == null ? "" : ": " + result.reason()));
            }
            if (ablation != null && !interruption.interrupted()) {
                ablation.run(record.entries(), step -> {
                    PlannedRun p = new PlannedRun(step, 1, 1);
                    int i = interruption.stepPlanned(p);
                    progress.runsAdded(1);
                    interruption.stepStarting(i);
                    progress.stepStarted(i + 1, step.name(), plan.runTimePerStep().plus(plan.stepOverhead()));
                    progress.say(step.description());
                    StepResult result = steps.run(experiment, p, StepOrder.dir(layout, p), step.settings(), progress);
                    if (!interruption.stepFinished(i, result)) {
                        return null;
                    }
                    progress.say(result.status().json() + (result.reason() == null ? "" : ": " + result.reason()));
                    return result;
                });
            }
            interruption.suiteFinished();
        } finally {
            interruption.uninstallAndRelease();
        }
        return new Outcome(layout.root(), record.entries(), interruption.interrupted());
    }

    /**
     * {@code repeats: auto} after a complete round: records the decision and appends the next round to
     * {@code order} and suite.json; false when the rounds stop (or the repeats are fixed).
     */
    private boolean nextRound(AutoRounds rounds, SuiteLayout layout, SuiteRecordWriter record,
                              SuiteInterruption interruption, SuiteProgress progress, List<PlannedRun> order) {
        if (rounds == null) {
            return false;
        }
        AutoRounds.Decision decision = rounds.afterRound(layout, record.entries());
        interruption.roundsDecided(decision.record());
        options.out().println("repeats auto: " + decision.record().why());
        for (PlannedRun p : decision.nextRound()) {
            order.add(p);
            interruption.stepPlanned(p);
        }
        progress.runsAdded(decision.nextRound().size());
        return !decision.nextRound().isEmpty();
    }
}
