package org.pgknobs.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.plan.ExperimentPlan;
import org.pgknobs.experiment.plan.MachineScaler;
import org.pgknobs.experiment.yaml.ExperimentLoader;
import org.pgknobs.host.HostFacts;
import org.pgknobs.server.Workspace;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code pgknobs validate FILE…}: checks experiment files (and each of their profiles) without starting anything. */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Check experiment files: the file alone and with each of its profiles. Exit 0 when all are "
                + "valid, 2 otherwise. Setting values are checked against a server only when a run starts; settings "
                + "ALTER SYSTEM can never set (data_directory, transaction_isolation, ...) are refused here.")
final class ValidateCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "experiment YAML files")
    List<Path> files = new ArrayList<>();

    @Option(names = "--profile", description = "check only this profile")
    String profile;

    @Option(names = "--set", paramLabel = "PATH=VALUE", description = "override a field, e.g. workload.warehouses=1")
    List<String> sets = new ArrayList<>();

    @Option(names = "--plan", description = "print each plan: steps, settings count, estimated duration")
    boolean plan;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The plan as a run would print it: sizes scaled to this machine when the profile asks for it. */
    private static void printPlan(PrintWriter out, Experiment experiment) {
        MachineScaler.Result scaled = MachineScaler.scale(experiment, HostFacts.detect(Workspace.defaultWorkDir()));
        out.print(ExperimentPlan.of(scaled.experiment()).summary());
        if (!scaled.changes().isEmpty()) {
            out.printf("  scaled to this machine (x%.3f):%n", scaled.factor());
            scaled.changes().forEach(c -> out.println("    " + c));
        }
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int invalid = 0;
        for (Path file : files) {
            try {
                List<Experiment> loaded = profile == null && sets.isEmpty()
                        ? ExperimentLoader.loadEveryProfile(file)
                        : List.of(ExperimentLoader.load(file, Optional.ofNullable(profile), sets));
                Experiment first = loaded.get(0);
                out.printf("%s: ok (%s, %d steps, profiles: %s)%n", file, first.name(), first.steps().size(),
                        first.profiles().isEmpty() ? "none" : String.join(", ", first.profiles().keySet()));
                if (plan) {
                    loaded.forEach(e -> printPlan(out, e));
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
