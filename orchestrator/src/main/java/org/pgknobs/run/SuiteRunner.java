package org.pgknobs.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
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
import org.pgknobs.results.RunEnvironment;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteLayout;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.run.data.Clusters;
import org.pgknobs.run.data.ServerSupply;
import org.pgknobs.run.progress.LiveOptions;
import org.pgknobs.run.progress.SuiteProgress;
import org.pgknobs.workload.benchbase.BenchBaseLauncher;

/**
 * Runs an experiment's plan: per step restore the loaded data, apply the overlay, run the workload
 * with the stats collector alongside, and write the step's files the moment it ends. A failing step is
 * recorded with its reason and the server's log tail and the suite goes on; Ctrl-C / SIGTERM mark the
 * current step interrupted, stop the server (or restore an external one) and flush suite.json.
 *
 * <p>The jobs live in their own classes: {@link StepOrder} (order and --resume), {@link SuitePreflight},
 * {@link TrialStarts} (every configuration started once before the load), {@link Clusters} (servers and data),
 * {@link StepBody} (the one body every run goes through, fed by the schedules {@link RunsInOrder} with
 * {@link AutoRounds} and {@link AblationSearchPhase}), {@link StepRunner} with {@link StepVerdict} (one step and its
 * status), {@link WorkloadWithCollector}, {@link SuiteRecordWriter} (suite.json) and
 * {@link SuiteInterruption} (signals).
 */
public final class SuiteRunner {

    /**
     * Start from {@link #of} and change what differs with the {@code with...} methods.
     *
     * @param resume an earlier result directory of the same experiment: only steps not yet done run
     * @param sets   the user's --set overrides, recorded in suite.json
     * @param collect whether to run the pg_stat_* collector (off only for overhead measurements)
     * @param search  a setting's bisection, null for none
     */
    public record Options(Path outDir, Optional<Path> resume, List<String> commandLine, List<String> sets,
                          boolean collect, Duration collectorInterval, PrintStream out, RunScope scope, Trial trial,
                          LiveOptions live, SettingSearch search) {

        /** A fresh run into {@code outDir}: the collector on at 1 s, the whole plan, trial starts as by default. */
        public static Options of(Path outDir, PrintStream out) {
            return new Options(outDir, Optional.empty(), List.of(), List.of(), true, Duration.ofSeconds(1), out,
                    RunScope.whole(), Trial.DEFAULT, LiveOptions.defaults(), null);
        }

        public Options withResume(Optional<Path> resume) {
            return new Options(outDir, resume, commandLine, sets, collect, collectorInterval, out, scope, trial, live, search);
        }

        public Options withCommandLine(List<String> commandLine) {
            return new Options(outDir, resume, commandLine, sets, collect, collectorInterval, out, scope, trial, live, search);
        }

        public Options withSets(List<String> sets) {
            return new Options(outDir, resume, commandLine, sets, collect, collectorInterval, out, scope, trial, live, search);
        }

        /** @param collect false only for overhead measurements (and trial starts, which measure nothing) */
        public Options withCollector(boolean collect, Duration collectorInterval) {
            return new Options(outDir, resume, commandLine, sets, collect, collectorInterval, out, scope, trial, live, search);
        }

        public Options withScope(RunScope scope) {
            return new Options(outDir, resume, commandLine, sets, collect, collectorInterval, out, scope, trial, live, search);
        }

        public Options withTrial(Trial trial) {
            return new Options(outDir, resume, commandLine, sets, collect, collectorInterval, out, scope, trial, live, search);
        }

        public Options withLive(LiveOptions live) {
            return new Options(outDir, resume, commandLine, sets, collect, collectorInterval, out, scope, trial, live, search);
        }

        /** A setting's bisection: the plan's steps are its candidates, run as the search asks ({@link BisectPhase}). */
        public Options withSearch(SettingSearch search) {
            return new Options(outDir, resume, commandLine, sets, collect, collectorInterval, out, scope, trial, live, search);
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
    private boolean calibrate;
    private List<SuiteRecord.TrialStart> trialsDone; // null: this suite trial-starts its own

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

    /**
     * Whether to probe the machine before the first step ({@link RunCalibration}: calibration.json); off unless
     * asked, so the tests' many tiny suites do not pay for it (the CLI asks unless --no-calibration).
     */
    public SuiteRunner calibrating(boolean calibrate) {
        this.calibrate = calibrate;
        return this;
    }

    /**
     * The trial starts this suite's configurations already had in this process ({@link #trialOnly}, a run of several
     * versions proving every version before the first loads): recorded in suite.json as this suite's, not started again.
     */
    public SuiteRunner trialStarted(List<SuiteRecord.TrialStart> done) {
        this.trialsDone = List.copyOf(done);
        return this;
    }

    private Clusters clusters(OverlayEngine engine, PrintStream out) {
        return new Clusters(supply, (spec, server) -> Workloads.create(spec, server, benchBase), engine, out);
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
        Clusters clusters = clusters(engine, options.out());
        try {
            SuitePreflight.Verdict preflight = SuitePreflight.check(toCheck, clusters, engine, options.out());
            return TrialStarts.run(toCheck, preflight, clusters, engine, MemoryLimits.detect(), options.out());
        } finally {
            clusters.release(true);
        }
    }

    /**
     * On --resume, the steps with a run still to do: a configuration whose runs all finished in that directory has
     * started there already, so a resume that reruns one step of seven trial-starts one configuration, not seven.
     */
    private static ExperimentPlan stillToRun(ExperimentPlan toCheck, List<PlannedRun> order, Path earlier) {
        SuiteLayout layout = new SuiteLayout(earlier);
        Set<String> open = order.stream().filter(p -> !StepOrder.done(layout, p)).map(p -> p.step().name())
                .collect(Collectors.toSet());
        return new ExperimentPlan(toCheck.experiment(), toCheck.steps().stream().filter(s -> open.contains(s.name())).toList());
    }

    /**
     * The bracketed base before the first run: its rule into suite.json, the live line's watch (told of the base's
     * measurements an earlier run made, on --resume), and the discarded warm-up run of the base when anything is left
     * to run. False when a signal stopped the suite during the warm-up.
     */
    private static boolean bracket(PlannedRun warmup, Experiment experiment, SuiteLayout layout,
                                   SuiteRecordWriter record, StepBody body, SuiteProgress progress) {
        String base = warmup.step().name();
        record.bracket(base, experiment.measurement().bracket(), BracketSchedule.ORDER_RULE);
        BracketWatch watch = new BracketWatch(base, progress::say);
        record.entries().stream().filter(e -> e.name().equals(base) && e.status() == StepStatus.DONE)
                .map(e -> SuiteLayout.stepJson(layout.root().resolve(e.dir())))
                .filter(java.nio.file.Files::isRegularFile)
                .forEach(json -> watch.measured(JsonFiles.read(json, StepResult.class), new double[0]));
        body.watching(watch);
        if (record.entries().stream().allMatch(e -> e.status().isFinal())) {
            return true;
        }
        return body.warmUp(warmup, record.warmups() + 1);
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
        AutoRounds rounds = experiment.measurement().autoRepeats().map(a -> new AutoRounds(a, plan)).orElse(null);
        // repeats: auto resumes with every round the earlier run planned, and goes on deciding after them
        List<PlannedRun> planned = rounds == null ? scoped.order()
                : plan.runs(AutoRounds.roundsPlanned(experiment.measurement().autoRepeats().get(), earlier),
                        experiment.measurement().autoRepeats().get().max());
        BracketSchedule.Bracketed bracketed = BracketSchedule.arrange(plan, planned);
        // a bisection's steps are its candidates: none runs in a fixed order, the search asks for each run
        List<PlannedRun> order = options.search() == null ? bracketed.order() : List.of();
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
        // a step this version cannot run is recorded n/a and never started: it does not need the loaded data
        Clusters clusters = clusters(engine, out).runningOnce(OneRunClusters.of(
                order.stream().filter(p -> !notApplicable.containsKey(p.step().name())).toList(), rounds != null
                || options.search() != null || experiment.mode() == Mode.ABLATION || bracketed.warmup().isPresent()));
        SuiteInterruption interruption = new SuiteInterruption(engine, clusters, out);
        interruption.install();
        SuiteLayout layout;
        SuiteRecordWriter record;
        try {
            SuitePreflight.Verdict preflight = toCheck.steps().isEmpty() ? SuitePreflight.Verdict.none()
                    : SuitePreflight.check(toCheck, clusters, engine, out);
            String serverVersion = clusters.serverVersion(); // while preflight's server runs: the trial stops it
            RunCalibration calibration = calibrate ? RunCalibration.probe(clusters, options, out) : RunCalibration.NONE;
            ExperimentPlan toTry = earlier == null ? toCheck : stillToRun(toCheck, order, options.resume().get());
            List<SuiteRecord.TrialStart> trials = trialsDone != null && earlier == null ? trialsDone : options.trial().wanted(supply)
                    ? TrialStarts.run(toTry, preflight, clusters, engine, MemoryLimits.detect(), out) : List.of();
            layout = options.resume().map(SuiteLayout::new)
                    .orElseGet(() -> SuiteLayout.fresh(options.outDir(), experiment.name(), LocalDateTime.now(),
                            options.scope().directorySuffix()));
            interruption.resultsIn(layout);
            calibration.writeTo(layout.root());
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
            StepRunner steps = new StepRunner(clusters, engine, benchBase,
                    new WorkloadWithCollector(options.collect(), options.collectorInterval()), options.live(),
                    layout.progressLog());
            StepBody body = new StepBody(experiment, plan, layout, record, preflight, steps, interruption, progress);
            if (options.search() == null && bracketed.warmup().isPresent() && !bracket(bracketed.warmup().get(), experiment, layout, record, body,
                    progress)) {
                return new Outcome(layout.root(), record.entries(), true);
            }
            new RunsInOrder(order, rounds, layout, interruption, out).run(body);
            if (ablation != null && !interruption.interrupted()) {
                ablation.run(body);
            }
            if (options.search() != null && !interruption.interrupted()) {
                new BisectPhase(plan, layout, options.search()).run(body);
            }
            interruption.suiteFinished();
        } finally {
            interruption.uninstallAndRelease();
        }
        return new Outcome(layout.root(), record.entries(), interruption.interrupted());
    }
}
