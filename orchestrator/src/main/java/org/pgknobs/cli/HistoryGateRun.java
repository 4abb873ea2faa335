package org.pgknobs.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.pgknobs.history.Gate;
import org.pgknobs.history.HistoryEntries;
import org.pgknobs.history.HistoryLocation;
import org.pgknobs.history.HistoryStore;
import org.pgknobs.history.RunEntry;

/** The gate over result directories, as {@code history check} and {@code run --compare history} print it. */
final class HistoryGateRun {

    private HistoryGateRun() {
    }

    /** Prints each step's check; returns {@link Main#REGRESSION} when a step is slower beyond its interval, else OK. */
    static int check(Gate gate, HistoryLocation location, List<Path> dirs, PrintStream out) {
        boolean slower = false;
        try (HistoryStore store = HistoryStore.open(location)) {
            for (Path dir : dirs) {
                RunEntry run = HistoryEntries.of(dir);
                out.println("gate: " + dir + " against the history " + location.describe());
                for (Gate.Check c : gate.check(run, store)) {
                    out.println("  " + c.message());
                    slower |= c.outcome() == Gate.Outcome.SLOWER;
                }
            }
        }
        out.println(slower ? "gate: FAILED, a step is slower beyond its interval (exit " + Main.REGRESSION + ")"
                : "gate: passed, no step slower beyond its interval");
        return slower ? Main.REGRESSION : Main.OK;
    }
}
