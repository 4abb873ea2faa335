package org.pgknobs.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.pgknobs.BadInputException;
import org.pgknobs.json.AtomicFiles;
import org.pgknobs.history.HistoryEntries;
import org.pgknobs.history.HistoryStore;
import org.pgknobs.history.HistoryView;
import org.pgknobs.history.RunEntry;
import org.pgknobs.history.StoredStep;
import org.pgknobs.history.changes.ChangePointOptions;
import org.pgknobs.history.page.HistoryPage;
import org.pgknobs.history.page.HistorySeries;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code pgknobs history}: every run's steps over time (docs/history.md). */
@Command(name = "history", mixinStandardHelpOptions = true,
        subcommands = {HistoryCommand.Import.class, HistoryCommand.Check.class, HistoryChangesCommand.class},
        description = "Each step's series over the runs in the history, one line per run: when, the value with its "
                + "range, the change against the run before with its 95 %% interval, and what differed (settings, "
                + "PostgreSQL version, pgknobs version, machine).")
final class HistoryCommand implements Callable<Integer> {

    @Mixin
    HistoryFilter filter;

    @Option(names = "--html", paramLabel = "FILE",
            description = "write the series as one self-contained page instead: an interactive chart per series, each "
                    + "run with its interval band, change points (Otava's defaults) and runs on a differing machine marked")
    Path html;

    @Mixin
    HistoryStoreOption store;

    @Override
    public Integer call() {
        PrintStream out = System.out;
        try (HistoryStore history = HistoryStore.open(store.location().existing())) {
            List<StoredStep> steps = filter.steps(history, out);
            if (html != null) {
                List<HistorySeries> series = HistorySeries.of(steps, ChangePointOptions.DEFAULTS);
                AtomicFiles.writeText(html, HistoryPage.render(series, history.location().describe(),
                        Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), ChangePointOptions.DEFAULTS));
                out.println("history page: " + html + " (" + series.size() + " series, " + series.stream()
                        .mapToInt(s -> s.changes().size()).sum() + " change point(s))");
                return Main.OK;
            }
            HistoryView.lines(steps).forEach(out::println);
        }
        return Main.OK;
    }

    static List<Path> resultDirs(List<Path> dirs) {
        List<Path> out = new ArrayList<>();
        for (Path d : dirs) {
            if (!Files.isRegularFile(d.resolve("suite.json")) && !Files.isDirectory(d.resolve("steps"))) {
                throw new BadInputException(d + ": not a result directory (no suite.json, no steps/); name "
                        + "results/<experiment>/<timestamp> directories");
            }
            out.add(d);
        }
        return out;
    }

    /** {@code pgknobs history import DIR...}: records result directories; a directory known already adds nothing. */
    @Command(name = "import", mixinStandardHelpOptions = true,
            description = "Record result directories of any pgknobs version in the history: each finished step once "
                    + "(importing a directory again adds nothing).")
    static final class Import implements Callable<Integer> {

        @Parameters(arity = "1..*", paramLabel = "RESULT_DIR", description = "results/<experiment>/<timestamp> directories")
        List<Path> dirs = new ArrayList<>();

        @Mixin
        HistoryStoreOption store;

        @Override
        public Integer call() {
            PrintStream out = System.out;
            List<Path> checked = resultDirs(dirs);
            try (HistoryStore history = HistoryStore.open(store.location())) {
                for (Path dir : checked) {
                    RunEntry run = HistoryEntries.of(dir);
                    int added = history.record(run);
                    out.printf("%s: %d finished step(s), %s%n", dir, run.steps().size(),
                            added == 0 ? "known already, nothing added" : added + " row(s) added");
                }
                out.println("history " + history.location().describe() + ": " + history.counts());
            }
            return Main.OK;
        }
    }

    /** {@code pgknobs history check RESULT_DIR}: the regression gate. */
    @Command(name = "check", mixinStandardHelpOptions = true,
            description = "The regression gate: each step of RESULT_DIR against that step's earlier runs in the history "
                    + "(same experiment, settings, workload and PostgreSQL version). Exit 3 when a step is slower "
                    + "beyond its 95 %% interval, 0 otherwise.")
    static final class Check implements Callable<Integer> {

        @Parameters(arity = "1..*", paramLabel = "RESULT_DIR", description = "the run(s) to check")
        List<Path> dirs = new ArrayList<>();

        @Mixin
        HistoryStoreOption store;

        @Mixin
        GateOptions gate;

        @Override
        public Integer call() {
            return HistoryGateRun.check(gate.gate(), store.location().existing(), resultDirs(dirs), System.out);
        }
    }
}
