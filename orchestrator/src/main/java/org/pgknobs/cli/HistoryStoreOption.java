package org.pgknobs.cli;

import java.nio.file.Path;
import org.pgknobs.history.HistoryLocation;
import picocli.CommandLine.Option;

/** {@code --history FILE|URL}: which history store a command reads or writes (docs/history.md). */
final class HistoryStoreOption {

    @Option(names = "--history", paramLabel = "FILE|URL",
            description = "the history store: a SQLite file, or jdbc:postgresql://host/db?user=… for one database many "
                    + "machines write to (default: $PGKNOBS_HISTORY, else history.sqlite in the results directory; for a merge "
                    + "of shards, the one they ran into)")
    String history;

    HistoryLocation location(Path resultsRoot) {
        return HistoryLocation.choose(history, resultsRoot);
    }

    /** Where the history commands look when nothing names a store: results/history.sqlite, as a run writes it. */
    HistoryLocation location() {
        return location(Path.of("results"));
    }
}
