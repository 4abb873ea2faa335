package org.pgknobs.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.pgknobs.report.diff.StepDiff;
import org.pgknobs.report.diff.StepTarget;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code pgknobs diff RESULT_DIR STEP_A STEP_B} or {@code pgknobs diff DIR_A:STEP DIR_B:STEP}. */
@Command(name = "diff", mixinStandardHelpOptions = true,
        description = "Compare two steps from their files: the settings that differ, throughput (with its interval "
                + "when both have repeats), the server's statistics, autovacuum, plans, statements and the profile. "
                + "Two steps of one result directory (RESULT_DIR STEP_A STEP_B) or of two (DIR_A:STEP DIR_B:STEP). "
                + "A step is NAME, NN-NAME or NAME/rK; without /rK its median repeat.")
final class DiffCommand implements Callable<Integer> {

    @Parameters(arity = "2..3", paramLabel = "ARG", description = "RESULT_DIR STEP_A STEP_B, or DIR_A:STEP DIR_B:STEP")
    List<String> args = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        List<StepTarget> targets = StepTarget.parse(args);
        PrintWriter w = spec.commandLine().getOut();
        StepDiff.lines(targets.get(0), targets.get(1)).forEach(w::println);
        w.flush();
        return Main.OK;
    }
}
