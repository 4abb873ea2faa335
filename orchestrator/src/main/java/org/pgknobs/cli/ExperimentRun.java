package org.pgknobs.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.UnaryOperator;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.Observe;
import org.pgknobs.experiment.PgRelease;
import org.pgknobs.experiment.plan.MachineScaler;
import org.pgknobs.experiment.plan.Shard;
import org.pgknobs.host.HostFacts;
import org.pgknobs.report.ResultDirReader;
import org.pgknobs.report.format.Reports;
import org.pgknobs.report.format.SummaryMarkdown;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.run.RunScope;
import org.pgknobs.run.SuiteRunner;
import org.pgknobs.run.VersionSuites;
import org.pgknobs.run.data.ServerSupply;
import org.pgknobs.run.progress.LiveOptions;
import org.pgknobs.server.ExternalServer;
import org.pgknobs.server.PgBinaries;
import org.pgknobs.units.Durations;
import org.pgknobs.workload.benchbase.BenchBaseLauncher;
import picocli.CommandLine;

/**
 * Runs an experiment from the {@link RunOptions} of a command: load and check it, run each suite (one per
 * version, this shard), print its summary and write its report. {@code run} uses it as the options say;
 * {@code noise} and {@code ablate} say what they change ({@link #adding}, {@link #repeating}, {@link #onlyStep},
 * {@link #whenFinished}) instead of overwriting the user's options.
 */
final class ExperimentRun {

    private final RunOptions options;
    private final CommandLine.Model.CommandSpec spec;
    private UnaryOperator<List<String>> extraSets = userSets -> List.of();
    private String repeats;
    private List<String> steps;
    private BiConsumer<SuiteRunner.Outcome, PrintStream> finished = (outcome, out) -> { };
    private UnaryOperator<Experiment> reshape = UnaryOperator.identity();
    private org.pgknobs.run.SettingSearch search;

    /** @param spec the command's, for the command line recorded in suite.json */
    ExperimentRun(RunOptions options, CommandLine.Model.CommandSpec spec) {
        this.options = options;
        this.spec = spec;
        this.repeats = options.plan.repeats;
        this.steps = List.copyOf(options.plan.onlySteps);
    }

    /**
     * Overrides the command adds to the user's (ablate: mode=ablation), computed from them; recorded in suite.json
     * with them.
     */
    ExperimentRun adding(UnaryOperator<List<String>> extraSetsFromUserSets) {
        this.extraSets = extraSetsFromUserSets;
        return this;
    }

    /** The repeats to run instead of --repeats (noise: its count). */
    ExperimentRun repeating(String newRepeats) {
        this.repeats = newRepeats;
        return this;
    }

    /** Runs this one step only, as --steps STEP would (noise). */
    ExperimentRun onlyStep(String step) {
        this.steps = List.of(step);
        return this;
    }

    /**
     * After each suite ran (one, or one per version), its summary and report written (noise: the spread of its
     * repeats; bisect: a release's runs).
     */
    ExperimentRun whenFinished(BiConsumer<SuiteRunner.Outcome, PrintStream> then) {
        this.finished = then;
        return this;
    }

    /**
     * Reshapes the experiment after it was loaded, checked and scaled, before anything starts (bisect: the candidates
     * become its steps); may throw {@link BadInputException}.
     */
    ExperimentRun reshaping(UnaryOperator<Experiment> then) {
        this.reshape = then;
        return this;
    }

    /** A setting's bisection over the reshaped experiment's steps ({@link SuiteRunner.Options#withSearch}). */
    ExperimentRun searching(org.pgknobs.run.SettingSearch settingSearch) {
        this.search = settingSearch;
        return this;
    }

    /** The user's --set overrides, with --driver as the override it stands for. */
    private static List<String> userSets(RunOptions options) {
        List<String> sets = new ArrayList<>(options.plan.sets);
        if (options.driver != null) {
            sets.add("workload.driver=" + options.driver);
        }
        return sets;
    }

    /**
     * Runs the suites and returns the exit code; a failure that is not bad input leaves as a {@link RunFailure} that
     * knows the result directories written so far, so that the message says what was completed and where.
     */
    int call() {
        ResultsSoFar soFar = ResultsSoFar.watching(options.out, Optional.ofNullable(options.resume));
        try {
            return runSuites();
        } catch (BadInputException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new RunFailure(e, soFar);
        }
    }

    private int runSuites() {
        PrintStream stdout = System.out;
        Path file = options.file;
        Path resume = options.resume;
        List<String> allSets = userSets(options);
        if (resume != null && !Files.isDirectory(resume)) {
            throw new BadInputException("--resume " + resume + ": no such directory; name a result directory of an earlier run");
        }
        allSets.addAll(extraSets.apply(allSets));
        PlanOptions.Chosen chosen = options.plan.choose(file, allSets, options.allowOptions, observeOption(), repeats,
                steps, resume != null);
        Experiment experiment = chosen.experiment();
        AllowOptions.announce(experiment, stdout);
        Shard shardOf = options.plan.shardOf();
        SuiteRecord.Selection selection = steps.isEmpty() ? null
                : new SuiteRecord.Selection(List.copyOf(steps), options.plan.stepsOnly, chosen.selection().notPublished());
        // BenchBase and its Java are checked before any server starts, so a wrong path costs nothing.
        BenchBaseLauncher benchBase = options.benchBaseOptions.resolveFor(experiment.workload());
        ServerOptions serverOptions = options.serverOptions;
        ServerFactory servers = new ServerFactory(serverOptions);
        VersionList.check(experiment.server().versions(), serverOptions, servers);
        if (experiment.provenance().scale().isPresent()) {
            MachineScaler.Result scaled = MachineScaler.scale(experiment, HostFacts.detect(servers.workDir()));
            if (!scaled.changes().isEmpty()) {
                stdout.printf("scaled to this machine (x%.3f of the published machine):%n", scaled.factor());
                scaled.changes().forEach(c -> stdout.println("  " + c));
            }
            experiment = scaled.experiment();
        }
        experiment = reshape.apply(experiment);
        List<String> commandLine = new ArrayList<>(List.of("pgknobs"));
        commandLine.addAll(spec.commandLine().getParseResult().originalArgs());
        Boolean trialStart = options.trialStart;
        Optional<org.pgknobs.history.HistoryLocation> history = options.historyLocation();
        SuiteRunner.Options base = SuiteRunner.Options.of(options.out, stdout).withResume(Optional.ofNullable(resume))
                .withCommandLine(commandLine).withSets(allSets)
                .withCollector(!options.noCollector, OptionUnits.duration(options.collectorInterval,
                        "--collector-interval", Durations.Zero.REJECTED))
                .withTrial(trialStart == null ? SuiteRunner.Trial.DEFAULT
                        : trialStart ? SuiteRunner.Trial.ON : SuiteRunner.Trial.OFF)
                .withLive(live()).withSearch(search);
        List<PgRelease> versions = experiment.server().versions();
        if (versions.isEmpty() || serverOptions.isExternal()) {
            ServerSupply supply = serverOptions.isExternal()
                    ? new ServerSupply.External((ExternalServer) servers.external(), serverOptions.allowAlterSystem())
                    : managed(servers, servers.binaries());
            RunScope scope = new RunScope(Optional.empty(), name -> true, shardOf);
            SuiteRunner.Outcome outcome = runOne(supply, base, scope, experiment, selection, benchBase, stdout,
                    options.calibration, null);
            HistoryRecording.record(history, List.of(outcome.directory()), !shardOf.isWhole(), stdout);
            if (!outcome.interrupted()) {
                finished.accept(outcome, stdout);
            }
            return outcome.interrupted() ? Main.INTERRUPTED : outcome.anyFailed() ? Main.RUN_FAILED
                    : compared(history, List.of(outcome.directory()), stdout);
        }
        Experiment planned = experiment;
        // with trial starts, every version's configurations are proven before the first version loads its data
        VersionSuites.Trial trial = base.trial() == SuiteRunner.Trial.OFF ? null : (supply, scope) -> {
            stdout.println("PostgreSQL " + scope.pgVersion().orElseThrow() + ":");
            return new SuiteRunner(supply, base.withScope(scope), benchBase).trialOnly(planned);
        };
        VersionSuites.Outcome all = VersionSuites.run(versions, servers::binariesFor, servers.embeddedDefault(), shardOf,
                binaries -> managed(servers, binaries), trial,
                (supply, scope, trialStarted) -> {
                    SuiteRunner.Outcome outcome = runOne(supply, base, scope, planned, selection, benchBase, stdout,
                            options.calibration, trialStarted);
                    if (!outcome.interrupted()) {
                        finished.accept(outcome, stdout);
                    }
                    return outcome;
                });
        HistoryRecording.record(history, all.directories(), !shardOf.isWhole(), stdout);
        if (all.interrupted()) {
            return Main.INTERRUPTED;
        }
        if (versions.stream().map(PgRelease::major).distinct().count() < versions.size()) {
            // the versions table lines directories up by major (suite.json's tags): two releases of one would pool
            stdout.println("no report over all versions: " + versions + " holds two releases of one major, and the versions "
                    + "table compares majors; compare them with `pgknobs report` over their directories");
        } else {
            all.combinedDirectory().ifPresent(combined -> writeReport(all.directories(), combined, stdout));
        }
        return all.anyFailed() ? Main.RUN_FAILED : compared(history, all.directories(), stdout);
    }

    /** --compare history: the regression gate's exit code over the run's directories; OK without it. */
    private int compared(Optional<org.pgknobs.history.HistoryLocation> history, List<Path> dirs, PrintStream stdout) {
        return options.compare == null || history.isEmpty() ? Main.OK
                : HistoryGateRun.check(options.gate.gate(), history.get(), dirs, stdout);
    }

    private Set<Observe> observeOption() {
        Set<Observe> out = EnumSet.noneOf(Observe.class);
        for (String name : options.observe) {
            out.add(Observe.named(name).orElseThrow(() -> new BadInputException("--observe " + name
                    + ": no such capture. Fix: choose from " + Observe.choices() + ", e.g. --observe statements")));
        }
        return out;
    }

    private ServerSupply managed(ServerFactory servers, PgBinaries binaries) {
        return new ServerSupply.Managed(binaries, servers.runAs(), servers.workDir(),
                new org.pgknobs.run.data.DiskSpace(options.assumeFreeSpace == null ? OptionalLong.empty()
                        : OptionalLong.of(OptionUnits.size(options.assumeFreeSpace, "--assume-free-space"))),
                Optional.ofNullable(options.loadCache).filter(dir -> !dir.toString().isBlank()));
    }

    /** One suite (one version, this shard): run it, print its summary, write its report. */
    private static SuiteRunner.Outcome runOne(ServerSupply supply, SuiteRunner.Options base, RunScope scope,
                                              Experiment experiment, SuiteRecord.Selection selection,
                                              BenchBaseLauncher benchBase, PrintStream stdout, boolean calibrate,
                                              List<SuiteRecord.TrialStart> trialStarted) {
        SuiteRunner runner = new SuiteRunner(supply, base.withScope(scope), benchBase).calibrating(calibrate);
        SuiteRunner.Outcome outcome = (trialStarted == null ? runner : runner.trialStarted(trialStarted))
                .run(experiment, selection);
        if (outcome.interrupted()) {
            return outcome;
        }
        String md = SummaryMarkdown.render(ResultDirReader.summaryTable(outcome.directory()));
        JsonFiles.writeText(outcome.directory().resolve("summary.md"), md);
        stdout.println();
        stdout.print(md);
        writeReport(List.of(outcome.directory()), outcome.directory(), stdout);
        stdout.println();
        stdout.println("results: " + outcome.directory());
        return outcome;
    }

    private LiveOptions live() {
        return new LiveOptions(Duration.ofSeconds(OptionUnits.seconds(options.progressInterval, "--progress-interval",
                Durations.Zero.REJECTED)), options.quiet);
    }

    private static void writeReport(List<Path> dirs, Path outDir, PrintStream stdout) {
        try {
            var report = ReportFiles.write(dirs, outDir, Optional.empty());
            Reports.ablationMarkdown(report).ifPresent(stdout::print);
            stdout.println("report: " + outDir.resolve("report.html"));
        } catch (RuntimeException e) {
            // the results are on disk whatever happens here; `pgknobs report DIR...` can be run again later
            stdout.println("warning: the report could not be written (" + e.getMessage() + "); run: pgknobs report "
                    + String.join(" ", dirs.stream().map(Path::toString).toList()));
        }
    }
}
