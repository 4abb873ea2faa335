package org.pgknobs.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.PgRelease;
import org.pgknobs.experiment.plan.ExperimentPlan;
import org.pgknobs.experiment.plan.MachineScaler;
import org.pgknobs.experiment.plan.Shard;
import org.pgknobs.experiment.yaml.ExperimentLoader;
import org.pgknobs.host.HostFacts;
import org.pgknobs.experiment.plan.ShardSelection;
import org.pgknobs.run.RunScope;
import org.pgknobs.run.SettingsByVersion;
import org.pgknobs.run.SuiteRunner;
import org.pgknobs.run.data.ServerSupply;
import org.pgknobs.server.ExternalServer;
import org.pgknobs.server.PgBinaries;
import org.pgknobs.server.Workspace;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code pgknobs validate FILE…}: checks experiment files (and each of their profiles) without starting
 * anything; with {@code --start}, also the trial start a run makes before its load.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Check experiment files: the file alone and with each of its profiles. Exit 0 when all are "
                + "valid, 2 otherwise. Setting values are checked against a server only when a run starts (or with "
                + "--start); settings ALTER SYSTEM can never set (data_directory, transaction_isolation, ...) are "
                + "refused here.")
final class ValidateCommand implements Callable<Integer> {

    @Option(names = "--start", description = "also check every setting against a real server and start every distinct "
            + "server configuration (base, each step, each of server.versions) once on a scratch cluster with no data, "
            + "as `run` does before its load; prints each one's cost. The file as --profile and --set make it (without "
            + "--profile: the file alone). The scratch clusters are deleted. With --server-url it restarts that server "
            + "once per configuration.")
    boolean start;

    @Mixin
    ServerOptions serverOptions;

    @Mixin
    AllowOptions allowOptions;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "experiment YAML files")
    List<Path> files = new ArrayList<>();

    /** The options of `run` that change what runs: with any of them, validate checks and plans that exact run. */
    @Mixin
    PlanOptions planOptions;

    @Option(names = "--plan", description = "print each plan: steps, settings count, estimated duration; with run's "
            + "options (--profile, --set, --steps, --repeats, --pg-versions, --shard, --allow) the plan of exactly that run")
    boolean plan;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The plan as a run would print it: sizes scaled to this machine when the profile asks for it; the shard's part. */
    private void printPlan(PrintWriter out, Experiment experiment) {
        MachineScaler.Result scaled = MachineScaler.scale(experiment, HostFacts.detect(Workspace.defaultWorkDir()));
        ExperimentPlan whole = ExperimentPlan.of(scaled.experiment());
        out.print(whole.summary());
        Shard shard = planOptions.shardOf();
        if (!shard.isWhole()) {
            out.printf("  shard %s: %d of %d runs%n", shard, ShardSelection.select(whole, shard).size(), whole.runs().size());
        }
        if (!scaled.changes().isEmpty()) {
            out.printf("  scaled to this machine (x%.3f):%n", scaled.factor());
            scaled.changes().forEach(c -> out.println("    " + c));
        }
    }

    /** Preflight and the trial start of one loaded experiment, on each of its versions, as `run` would make them. */
    private void trialStart(Experiment loaded) {
        ServerFactory servers = new ServerFactory(serverOptions);
        VersionList.check(loaded.server().versions(), serverOptions, servers);
        Experiment experiment = loaded.provenance().scale().isPresent()
                ? MachineScaler.scale(loaded, HostFacts.detect(servers.workDir())).experiment() : loaded;
        SuiteRunner.Options options = SuiteRunner.Options.of(servers.workDir(), System.out).withSets(planOptions.sets)
                .withCollector(false, Duration.ofSeconds(1));
        List<PgRelease> versions = experiment.server().versions();
        if (versions.isEmpty() || serverOptions.isExternal()) {
            ServerSupply supply = serverOptions.isExternal()
                    ? new ServerSupply.External((ExternalServer) servers.external(), serverOptions.allowAlterSystem())
                    : new ServerSupply.Managed(servers.binaries(), servers.runAs(), servers.workDir());
            new SuiteRunner(supply, options).trialOnly(experiment);
            return;
        }
        Map<PgRelease, PgBinaries> builds = new LinkedHashMap<>();
        versions.forEach(v -> builds.put(v, servers.binariesFor(v)));
        SettingsByVersion known = SettingsByVersion.read(builds, servers.embeddedDefault());
        for (PgRelease v : versions) {
            System.out.println("PostgreSQL " + v + ":");
            RunScope scope = new RunScope(Optional.of(v), known.on(v), Shard.whole());
            new SuiteRunner(new ServerSupply.Managed(builds.get(v), servers.runAs(), servers.workDir()),
                    options.withScope(scope).withTrial(SuiteRunner.Trial.ON))
                    .trialOnly(experiment);
        }
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int invalid = 0;
        for (Path file : files) {
            try {
                List<Experiment> loaded = planOptions.profile == null && planOptions.sets.isEmpty()
                        && !planOptions.shapesTheRun()
                        ? ExperimentLoader.loadEveryProfile(file, allowOptions.kinds(), allowOptions.trust())
                        : List.of(planOptions.choose(file, planOptions.sets, allowOptions, Set.of(), planOptions.repeats,
                                planOptions.onlySteps, false).experiment());
                Experiment first = loaded.get(0);
                out.printf("%s: ok (%s, %d steps, profiles: %s)%n", file, first.name(), first.steps().size(),
                        first.provenance().profiles().isEmpty() ? "none" : String.join(", ", first.provenance().profiles().keySet()));
                loaded.stream().flatMap(e -> org.pgknobs.experiment.SettingGate.inEffect(e).stream()).distinct()
                        .forEach(g -> out.println("  " + g.announcement()));
                loaded.stream().map(e -> AllowOptions.grantLine(e.optIns().grant())).flatMap(Optional::stream).distinct()
                        .forEach(line -> out.println("  " + line));
                if (plan) {
                    loaded.forEach(e -> printPlan(out, e));
                }
                if (start) {
                    // the file as --profile/--set make it (without them: the file alone, not every profile:
                    // each start costs a second or two, and a profile is tried with --profile NAME)
                    out.flush();
                    trialStart(loaded.get(0));
                }
            } catch (BadInputException e) {
                invalid++;
                err.println("pgknobs: " + e.getMessage());
            }
        }
        out.flush();
        err.flush();
        return invalid == 0 ? Main.OK : Main.BAD_INPUT;
    }
}
