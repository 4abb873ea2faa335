package org.pgknobs.history;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/** The store contract on a SQLite file (the default store). */
@Tag("unit")
class SqliteHistoryStoreTest extends HistoryStoreContract {

    @TempDir
    Path dir;

    private int stores;

    @Override
    HistoryLocation freshStore() {
        return new HistoryLocation(dir.resolve("h" + ++stores).resolve("history.sqlite").toString());
    }
}
