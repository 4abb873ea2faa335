package org.pgknobs.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code pgknobs run FILE}: the main job. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run an experiment: for every step restore the data, apply the settings (verified in "
                + "pg_settings), run the workload with pg_stat_* collected alongside, write the results; print the "
                + "summary table at the end. Exit 0 all steps done, 1 a step failed, 2 bad input, 130 interrupted.")
final class RunCommand implements Callable<Integer> {

    @Mixin
    RunOptions options;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        return new ExperimentRun(options, spec).call();
    }
}
