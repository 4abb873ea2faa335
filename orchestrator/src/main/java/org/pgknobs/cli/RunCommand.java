package org.pgknobs.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.ExperimentLoader;
import org.pgknobs.experiment.HostFacts;
import org.pgknobs.experiment.MachineScaler;
import org.pgknobs.report.Reports;
import org.pgknobs.report.SummaryTable;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.run.ServerSupply;
import org.pgknobs.run.SuiteRunner;
import org.pgknobs.server.ExternalServer;
import org.pgknobs.workload.benchbase.BenchBaseLauncher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

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

    @Option(names = "--repeats", description = "run every step N times, interleaved (overrides the file)")
    Integer repeats;

    @Option(names = "--resume", paramLabel = "DIR", description = "finish an earlier result directory: run only the steps not done")
    Path resume;

    @Option(names = "--steps", split = ",", paramLabel = "NAME",
            description = "run only these steps (comma-separated names), e.g. --steps base,a1,a16")
    List<String> onlySteps = new ArrayList<>();

    @Option(names = "--driver", description = "builtin or benchbase (overrides workload.driver)")
    String driver;

    @Option(names = "--collector-interval", defaultValue = "1s", description = "pg_stat_* sampling interval (default: ${DEFAULT-VALUE})")
    String collectorInterval;

    @Option(names = "--no-collector", description = "do not sample pg_stat_* (for overhead measurements)")
    boolean noCollector;

    @Option(names = "--assume-free-space", hidden = true, paramLabel = "SIZE",
            description = "pretend the work directory's disk has only SIZE free (e.g. 10MB): shows the disk check")
    String assumeFreeSpace;

    @Mixin
    ServerOptions serverOptions;

    @Mixin
    BenchBaseOptions benchBaseOptions;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Keeps only the steps named by --steps, in the file's order; a name the file lacks is bad input. */
    private Experiment selectSteps(Experiment experiment) {
        if (onlySteps.isEmpty()) {
            return experiment;
        }
        List<String> known = experiment.steps().stream().map(s -> s.name()).toList();
        List<String> unknown = onlySteps.stream().filter(n -> !known.contains(n)).toList();
        if (!unknown.isEmpty()) {
            throw new BadInputException("--steps: " + file + " has no step " + String.join(", ", unknown)
                    + "; its steps are: " + String.join(", ", known));
        }
        return experiment.onlySteps(java.util.Set.copyOf(onlySteps));
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
        Experiment experiment = ExperimentLoader.load(file, Optional.ofNullable(profile), allSets);
        if (repeats != null) {
            if (repeats < 1) {
                throw new BadInputException("--repeats must be at least 1, got " + repeats);
            }
            experiment = experiment.withRepeats(repeats);
        }
        experiment = selectSteps(experiment);
        // BenchBase and its Java are checked before any server starts, so a wrong path costs nothing.
        BenchBaseLauncher benchBase = benchBaseOptions.resolveFor(experiment.workload());
        ServerFactory servers = new ServerFactory(serverOptions);
        if (experiment.scale().isPresent()) {
            MachineScaler.Result scaled = MachineScaler.scale(experiment, HostFacts.detect(servers.workDir()));
            if (!scaled.changes().isEmpty()) {
                stdout.printf("scaled to this machine (x%.3f of the published machine):%n", scaled.factor());
                scaled.changes().forEach(c -> stdout.println("  " + c));
            }
            experiment = scaled.experiment();
        }
        ServerSupply supply = serverOptions.isExternal()
                ? new ServerSupply.External((ExternalServer) servers.external(), serverOptions.allowAlterSystem())
                : new ServerSupply.Managed(servers.binaries(), servers.runAs(), servers.workDir(),
                        new org.pgknobs.run.DiskSpace(assumeFreeSpace == null ? OptionalLong.empty()
                                : OptionalLong.of(Sizes.parse(assumeFreeSpace, "--assume-free-space"))));
        List<String> commandLine = new ArrayList<>(List.of("pgknobs"));
        commandLine.addAll(spec.commandLine().getParseResult().originalArgs());
        SuiteRunner runner = new SuiteRunner(supply, new SuiteRunner.Options(out, Optional.ofNullable(resume),
                commandLine, allSets, !noCollector, Durations.parse(collectorInterval, "--collector-interval"), stdout), benchBase);
        SuiteRunner.Outcome outcome = runner.run(experiment);
        if (outcome.interrupted()) {
            return Main.INTERRUPTED;
        }
        SummaryTable summary = SummaryTable.read(outcome.directory());
        String md = summary.markdown();
        JsonFiles.writeText(outcome.directory().resolve("summary.md"), md);
        stdout.println();
        stdout.print(md);
        try {
            var report = Reports.write(List.of(outcome.directory()), outcome.directory(), Optional.empty());
            Reports.ablationMarkdown(report).ifPresent(stdout::print);
            stdout.println("report: " + outcome.directory().resolve("report.html"));
        } catch (RuntimeException e) {
            // the results are on disk whatever happens here; `pgknobs report DIR` can be run again later
            stdout.println("warning: the report could not be written (" + e.getMessage() + "); run: pgknobs report "
                    + outcome.directory());
        }
        stdout.println();
        stdout.println("results: " + outcome.directory());
        return outcome.anyFailed() ? Main.RUN_FAILED : Main.OK;
    }
}
