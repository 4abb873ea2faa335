package org.pgknobs.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.pgknobs.history.HistoryEntries;
import org.pgknobs.history.HistoryLocation;
import org.pgknobs.history.HistoryStore;
import org.pgknobs.history.RunEntry;

/**
 * Records result directories in the history after a run, a resume or a shard merge. A shard of an array never writes
 * a SQLite file (one writer: the merge records); with a PostgreSQL store every shard records its own steps. A store
 * that cannot be written costs a warning, never the run: the results are on disk, and {@code pgknobs history import}
 * records them later.
 */
final class HistoryRecording {

    private HistoryRecording() {
    }

    static void record(Optional<HistoryLocation> location, List<Path> dirs, boolean shard, PrintStream out) {
        if (location.isEmpty() || dirs.isEmpty()) {
            return;
        }
        if (shard && location.get().singleWriter()) {
            out.println("history: not recorded by a shard (a SQLite file has one writer); the merge records it: "
                    + "pgknobs report over the shards' directories, or pgknobs history import DIR...");
            return;
        }
        try (HistoryStore store = HistoryStore.open(location.get())) {
            for (Path dir : dirs) {
                RunEntry run = HistoryEntries.of(dir);
                int added = store.record(run);
                out.printf("history: %d step(s) of %s recorded in %s (%d new row(s))%n", run.steps().size(),
                        dir.getFileName(), location.get().describe(), added);
            }
        } catch (RuntimeException e) {
            out.println("warning: history not recorded (" + e.getMessage() + "); the results are on disk: pgknobs "
                    + "history import " + String.join(" ", dirs.stream().map(Path::toString).toList()));
        }
    }
}
