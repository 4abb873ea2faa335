package org.pgknobs.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.Callable;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.DataPolicy;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.Mode;
import org.pgknobs.experiment.Observe;
import org.pgknobs.experiment.plan.MachineScaler;
import org.pgknobs.experiment.plan.Shard;
import org.pgknobs.experiment.plan.StepSelection;
import org.pgknobs.experiment.yaml.ExperimentLoader;
import org.pgknobs.host.HostFacts;
import org.pgknobs.report.ResultDirReader;
import org.pgknobs.report.format.Reports;
import org.pgknobs.report.format.SummaryMarkdown;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.run.LiveOptions;
import org.pgknobs.run.RunScope;
import org.pgknobs.run.ServerSupply;
import org.pgknobs.run.SuiteRunner;
import org.pgknobs.run.VersionSuites;
import org.pgknobs.server.ExternalServer;
import org.pgknobs.server.PgBinaries;
import org.pgknobs.units.Durations;
import org.pgknobs.workload.benchbase.BenchBaseLauncher;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code pgknobs run FILE}: the main job. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run an experiment: for every step restore the data, apply the settings (verified in "
                + "pg_settings), run the workload with pg_stat_* collected alongside, write the results; print the "
                + "summary table at the end. Exit 0 all steps done, 1 a step failed, 2 bad input, 130 interrupted.")
class RunCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FILE", description = "experiment YAML, e.g. experiments/article-42000x.yaml")
    Path file;

    @Option(names = "--profile", description = "a profile of the file, e.g. quick")
    String profile;

    @Option(names = "--set", paramLabel = "PATH=VALUE", description = "override a field, e.g. workload.warehouses=8")
    List<String> sets = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "results",
            description = "results go to DIR/<experiment>/<timestamp>/ (default: ${DEFAULT-VALUE})")
    Path out;

    @Option(names = "--repeats", paramLabel = "N|auto|MIN..MAX",
            description = "run every step N times, interleaved; auto (or MIN..MAX rounds): rounds until every step's "
                    + "interval is clear of 1 or narrower than the target (overrides the file; docs/statistics.md)")
    String repeats;

    @Option(names = "--resume", paramLabel = "DIR", description = "finish an earlier result directory: run only the steps not done")
    Path resume;

    @Option(names = "--steps", split = ",", paramLabel = "NAME",
            description = "run only these steps (comma-separated names), e.g. --steps base,a1,a16; in a cumulative "
                    + "file each runs as the chain defines it, with the settings of every step before it, named or not")
    List<String> onlySteps = new ArrayList<>();

    @Option(names = "--steps-only",
            description = "with --steps, cumulative files: run the named steps with their own settings on the base and "
                    + "the named steps before them only, leaving out the settings of the steps not named; such a step is "
                    + "not the published step: no published value, no verdict (the tables say why)")
    boolean stepsOnly;

    @Option(names = "--observe", split = ",", paramLabel = "CAPTURE",
            description = "also capture these, added to the file's `observe:` list: statements (pg_stat_statements "
                    + "deltas per step; loads the library for every step), profile (perf stacks of the server), "
                    + "e.g. --observe statements,profile")
    List<String> observe = new ArrayList<>();

    @Option(names = "--driver", description = "builtin or benchbase (overrides workload.driver)")
    String driver;

    @Option(names = "--collector-interval", defaultValue = "1s", description = "pg_stat_* sampling interval (default: ${DEFAULT-VALUE})")
    String collectorInterval;

    @Option(names = "--no-collector", description = "do not sample pg_stat_* (for overhead measurements)")
    boolean noCollector;

    @Option(names = "--progress-interval", defaultValue = "10s", paramLabel = "DURATION",
            description = "a live line every DURATION of warm-up and window: throughput now, committed and failed "
                    + "attempts, p95, steady so far (default: ${DEFAULT-VALUE}; whole seconds)")
    String progressInterval;

    @Option(names = {"-q", "--quiet"}, description = "no live lines during warm-up and window (they still go to "
            + "progress.log in the result directory)")
    boolean quiet;

    @Option(names = "--assume-free-space", hidden = true, paramLabel = "SIZE",
            description = "pretend the work directory's disk has only SIZE free (e.g. 10MB): shows the disk check")
    String assumeFreeSpace;

    @Option(names = "--load-cache", paramLabel = "DIR", defaultValue = "${env:PGKNOBS_LOAD_CACHE}",
            description = "keep each loaded data set in DIR and copy it from there when a later run would load the same "
                    + "bytes (same PostgreSQL build, initdb options, base settings and workload size; default: "
                    + "$PGKNOBS_LOAD_CACHE, unset = no cache); DIR/initdb keeps initdb's output the same way")
    Path loadCache;

    @Option(names = "--pg-versions", split = ",", paramLabel = "MAJOR",
            description = "run the whole experiment on each of these PostgreSQL majors, e.g. --pg-versions 16,17,18 "
                    + "(overrides server.versions; builds: embedded 16, 17, 18 or --pg-bin MAJOR=DIR)")
    List<String> pgVersions = new ArrayList<>();

    @Option(names = "--shard", paramLabel = "I/N",
            description = "run shard I of N of the plan (every shard also runs the base), e.g. --shard 2/4; merge the "
                    + "shards' result directories with `pgknobs report DIR...`")
    String shard;

    @Option(names = "--trial-start", negatable = true,
            description = "before the load, start every distinct server configuration (base, each step, each version) "
                    + "once on an empty cluster and verify it: a configuration PostgreSQL refuses ends the run at once "
                    + "with exit 2. Default: on for clusters pgknobs starts; off for --server-url, where "
                    + "--trial-start restarts your server once per configuration.")
    Boolean trialStart;

    @Mixin
    ServerOptions serverOptions;

    @Mixin
    BenchBaseOptions benchBaseOptions;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /**
     * Keeps only the steps named by --steps, in the file's order (see {@link StepSelection}); a name the file
     * lacks, or --steps-only where it means nothing, is bad input.
     */
    private StepSelection.Chosen selectSteps(Experiment experiment) {
        if (onlySteps.isEmpty()) {
            if (stepsOnly) {
                throw new BadInputException("--steps-only needs --steps NAME,...: it says what the named steps run "
                        + "with; without --steps every step of " + file + " runs as its chain defines it");
            }
            return new StepSelection.Chosen(experiment, Map.of());
        }
        List<String> known = experiment.steps().stream().map(s -> s.name()).toList();
        List<String> unknown = onlySteps.stream().filter(n -> !known.contains(n)).toList();
        if (!unknown.isEmpty()) {
            throw new BadInputException("--steps: " + file + " has no step " + String.join(", ", unknown)
                    + "; its steps are: " + String.join(", ", known));
        }
        if (stepsOnly && experiment.mode() != Mode.CUMULATIVE) {
            throw new BadInputException("--steps-only: " + file + " runs as mode: "
                    + experiment.mode().name().toLowerCase(Locale.ROOT) + (experiment.mode() == Mode.VARIANTS
                    ? ", where every step already runs alone on the base" : ", where the named steps are the units")
                    + ": no step carries another's settings, so there is nothing to leave out; drop --steps-only "
                    + "(it applies to mode: cumulative)");
        }
        return new StepSelection(onlySteps, stepsOnly).applyTo(experiment);
    }

    private Set<Observe> observeOption() {
        Set<Observe> out = EnumSet.noneOf(Observe.class);
        for (String name : observe) {
            out.add(Observe.named(name).orElseThrow(() -> new BadInputException("--observe " + name
                    + ": no such capture. Fix: choose from " + Observe.choices() + ", e.g. --observe statements")));
        }
        return out;
    }

    /** After the one suite ran, its summary and report written (noise: the spread of its repeats). */
    void finished(SuiteRunner.Outcome outcome, PrintStream out) {
    }

    /** Overrides this command adds to the user's (ablate: mode=ablation); recorded in suite.json with them. */
    List<String> extraSets(List<String> userSets) {
        return List.of();
    }

    @Override
    public Integer call() {
        PrintStream stdout = System.out;
        List<String> allSets = new ArrayList<>(sets);
        if (driver != null) {
            allSets.add("workload.driver=" + driver);
        }
        if (resume != null && !Files.isDirectory(resume)) {
            throw new BadInputException("--resume " + resume + ": no such directory; name a result directory of an earlier run");
        }
        allSets.addAll(extraSets(allSets));
        Experiment experiment = ExperimentLoader.load(file, Optional.ofNullable(profile), allSets)
                .withObserve(observeOption());
        if (repeats != null) {
            experiment = RepeatsOption.applyTo(repeats, experiment);
        }
        StepSelection.Chosen chosen = selectSteps(experiment);
        experiment = chosen.experiment();
        SuiteRecord.Selection selection = onlySteps.isEmpty() ? null
                : new SuiteRecord.Selection(List.copyOf(onlySteps), stepsOnly, chosen.notPublished());
        Shard shardOf = shard == null ? Shard.whole() : Shard.parse(shard);
        if (!shardOf.isWhole() && experiment.autoRepeats().isPresent()) {
            throw new BadInputException("--shard " + shardOf + ": repeats: auto decides when every step's interval "
                    + "has settled, and a shard runs only some steps; give the shards fixed repeats (--repeats N), or "
                    + "run without --shard");
        }
        if (!shardOf.isWhole() && experiment.data() == DataPolicy.CONTINUE) {
            throw new BadInputException("--shard " + shardOf + ": " + file + " has `data: continue`, so every step "
                    + "works on the data the step before left; shards need `data: restore` (or run without --shard)");
        }
        if (!pgVersions.isEmpty()) {
            experiment = experiment.withServer(experiment.server().withVersions(VersionList.parse(pgVersions)));
        }
        // BenchBase and its Java are checked before any server starts, so a wrong path costs nothing.
        BenchBaseLauncher benchBase = benchBaseOptions.resolveFor(experiment.workload());
        ServerFactory servers = new ServerFactory(serverOptions);
        VersionList.check(experiment.server().versions(), serverOptions, servers);
        if (experiment.scale().isPresent()) {
            MachineScaler.Result scaled = MachineScaler.scale(experiment, HostFacts.detect(servers.workDir()));
            if (!scaled.changes().isEmpty()) {
                stdout.printf("scaled to this machine (x%.3f of the published machine):%n", scaled.factor());
                scaled.changes().forEach(c -> stdout.println("  " + c));
            }
            experiment = scaled.experiment();
        }
        List<String> commandLine = new ArrayList<>(List.of("pgknobs"));
        commandLine.addAll(spec.commandLine().getParseResult().originalArgs());
        SuiteRunner.Options base = new SuiteRunner.Options(out, Optional.ofNullable(resume), commandLine, allSets,
                !noCollector, OptionUnits.duration(collectorInterval, "--collector-interval", Durations.Zero.REJECTED), stdout,
                RunScope.whole(), trialStart == null ? SuiteRunner.Trial.DEFAULT : trialStart ? SuiteRunner.Trial.ON : SuiteRunner.Trial.OFF,
                live());
        List<Integer> versions = experiment.server().versions();
        if (versions.isEmpty() || serverOptions.isExternal()) {
            ServerSupply supply = serverOptions.isExternal()
                    ? new ServerSupply.External((ExternalServer) servers.external(), serverOptions.allowAlterSystem())
                    : managed(servers, servers.binaries());
            RunScope scope = new RunScope(OptionalInt.empty(), name -> true, shardOf);
            SuiteRunner.Outcome outcome = runOne(supply, base, scope, experiment, selection, benchBase, stdout);
            if (!outcome.interrupted()) {
                finished(outcome, stdout);
            }
            return outcome.interrupted() ? Main.INTERRUPTED : outcome.anyFailed() ? Main.RUN_FAILED : Main.OK;
        }
        if (resume != null && versions.size() > 1) {
            throw new BadInputException("--resume names one directory, one version; resume each with --pg-versions N --resume DIR");
        }
        Experiment planned = experiment;
        // with trial starts, every version's configurations are proven before the first version loads its data
        VersionSuites.Trial trial = base.trial() == SuiteRunner.Trial.OFF ? null : (supply, scope) -> {
            stdout.println("PostgreSQL " + scope.pgMajor().getAsInt() + ":");
            new SuiteRunner(supply, withScope(base, scope), benchBase).trialOnly(planned);
        };
        VersionSuites.Outcome all = VersionSuites.run(versions, servers::binariesFor, servers.embeddedDefault(), shardOf,
                binaries -> managed(servers, binaries), trial,
                (supply, scope) -> runOne(supply, base, scope, planned, selection, benchBase, stdout));
        if (all.interrupted()) {
            return Main.INTERRUPTED;
        }
        all.combinedDirectory().ifPresent(combined -> writeReport(all.directories(), combined, stdout));
        return all.anyFailed() ? Main.RUN_FAILED : Main.OK;
    }

    private ServerSupply managed(ServerFactory servers, PgBinaries binaries) {
        return new ServerSupply.Managed(binaries, servers.runAs(), servers.workDir(),
                new org.pgknobs.run.DiskSpace(assumeFreeSpace == null ? OptionalLong.empty()
                        : OptionalLong.of(OptionUnits.size(assumeFreeSpace, "--assume-free-space"))),
                Optional.ofNullable(loadCache).filter(dir -> !dir.toString().isBlank()));
    }

    /** One suite (one version, this shard): run it, print its summary, write its report. */
    private static SuiteRunner.Outcome runOne(ServerSupply supply, SuiteRunner.Options base, RunScope scope,
                                              Experiment experiment, SuiteRecord.Selection selection,
                                              BenchBaseLauncher benchBase, PrintStream stdout) {
        SuiteRunner.Outcome outcome = new SuiteRunner(supply, withScope(base, scope), benchBase).run(experiment, selection);
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

    private static SuiteRunner.Options withScope(SuiteRunner.Options base, RunScope scope) {
        return new SuiteRunner.Options(base.outDir(), base.resume(), base.commandLine(), base.sets(),
                base.collect(), base.collectorInterval(), base.out(), scope, base.trial(), base.live());
    }

    private LiveOptions live() {
        return new LiveOptions(Duration.ofSeconds(OptionUnits.seconds(progressInterval, "--progress-interval",
                Durations.Zero.REJECTED)), quiet);
    }

    private static void writeReport(List<Path> dirs, Path outDir, PrintStream stdout) {
        try {
            var report = Reports.write(dirs, outDir, Optional.empty());
            Reports.ablationMarkdown(report).ifPresent(stdout::print);
            stdout.println("report: " + outDir.resolve("report.html"));
        } catch (RuntimeException e) {
            // the results are on disk whatever happens here; `pgknobs report DIR...` can be run again later
            stdout.println("warning: the report could not be written (" + e.getMessage() + "); run: pgknobs report "
                    + String.join(" ", dirs.stream().map(Path::toString).toList()));
        }
    }
}
