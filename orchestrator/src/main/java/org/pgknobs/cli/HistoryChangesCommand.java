package org.pgknobs.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;
import org.pgknobs.BadInputException;
import org.pgknobs.history.HistoryStore;
import org.pgknobs.history.StoredStep;
import org.pgknobs.history.changes.ChangePointOptions;
import org.pgknobs.history.changes.HistoryChanges;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code pgknobs history changes}: where each step's series changed level (docs/history.md, docs/statistics.md). */
@Command(name = "changes", mixinStandardHelpOptions = true,
        description = "The change points of each step's series over the runs in the history (E-divisive means with "
                + "Student's t-test, as Apache Otava): when, after ÷ before with its 95 %% interval, the p-value, the "
                + "last run before and the first after, and what differed between them.")
final class HistoryChangesCommand implements Callable<Integer> {

    @Mixin
    HistoryFilter filter;

    @Option(names = "--window", paramLabel = "N", defaultValue = "50",
            description = "runs per sliding window (default, as Otava: ${DEFAULT-VALUE})")
    int window;

    @Option(names = "--p-value", paramLabel = "P", defaultValue = "0.001",
            description = "a change point's t-test p-value must be below P (default, as Otava: ${DEFAULT-VALUE})")
    double pValue;

    @Option(names = "--min-magnitude", paramLabel = "M", defaultValue = "0",
            description = "drop change points whose relative change is at most M, e.g. 0.05 (default: ${DEFAULT-VALUE})")
    double minMagnitude;

    @Mixin
    HistoryStoreOption store;

    @Override
    public Integer call() {
        ChangePointOptions options;
        try {
            options = new ChangePointOptions(window, pValue, minMagnitude);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("history changes: " + e.getMessage() + "; fix: --window 2 or more, "
                    + "--p-value in (0, 1], --min-magnitude 0 or more");
        }
        PrintStream out = System.out;
        try (HistoryStore history = HistoryStore.open(store.location().existing())) {
            List<StoredStep> steps = filter.steps(history, out);
            HistoryChanges.lines(steps, options).forEach(out::println);
        }
        return Main.OK;
    }
}
