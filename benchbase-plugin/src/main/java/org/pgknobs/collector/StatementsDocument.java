package org.pgknobs.collector;

import java.util.List;

/**
 * The content of statements.json (see docs/pgstats.md, "statements.json"): one entry per measured window.
 *
 * @param extensionVersion pg_stat_statements' version in the benchmark database; null when not loaded
 * @param unavailable      why there are no statements (the library is not in shared_preload_libraries, the
 *                         server is too old, the view could not be read); null when they were captured
 * @param tracked          whether the collector's own queries were kept out (it sets pg_stat_statements.track
 *                         = none on its connection, which needs a superuser); false: they are in the figures
 */
public record StatementsDocument(int schemaVersion, Integer serverVersionNum, String extensionVersion,
                                 String unavailable, boolean ownQueriesExcluded, List<StatementWindow> windows) {

    public static final int SCHEMA_VERSION = 1;

    public StatementsDocument {
        windows = windows == null ? List.of() : List.copyOf(windows);
    }

    /** The window measured in {@code phase}; a window written without a phase (a hand-made file) matches none. */
    public java.util.Optional<StatementWindow> window(String phase) {
        return windows.stream().filter(w -> phase != null && phase.equals(w.phase())).findFirst();
    }
}
