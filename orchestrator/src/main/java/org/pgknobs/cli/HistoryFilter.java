package org.pgknobs.cli;

import java.io.PrintStream;
import java.util.List;
import org.pgknobs.history.HistoryStore;
import org.pgknobs.history.StoredStep;
import picocli.CommandLine.Option;

/** Which series of the history a command reads: {@code history} and {@code history changes} share it. */
final class HistoryFilter {

    @Option(names = "--experiment", paramLabel = "E", description = "only this experiment")
    String experiment;

    @Option(names = "--step", paramLabel = "S", description = "only this step")
    String step;

    @Option(names = "--metric", paramLabel = "M", description = "only this headline phase (tpcc, l.i1, …)")
    String metric;

    /** The matching steps, oldest first; says so when there are none. */
    List<StoredStep> steps(HistoryStore history, PrintStream out) {
        List<StoredStep> steps = history.steps(experiment, step, metric);
        if (steps.isEmpty()) {
            out.println("history " + history.location().describe() + ": no step recorded"
                    + (experiment == null && step == null && metric == null ? "" : " that matches"));
        }
        return steps;
    }
}
