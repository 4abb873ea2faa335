package org.pgknobs.collector;

import java.util.List;
import java.util.Map;

/**
 * The content of {@code pgstats.json}: see docs/pgstats.md. {@code unavailable} lists groups this
 * server version cannot provide (e.g. pg_stat_io before PG 16).
 */
public record PgStats(
        int schemaVersion,
        Environment environment,
        CollectorCost collector,
        Map<String, String> unavailable,
        List<WindowStats> windows,
        WholeRun wholeRun) {

    public static final int SCHEMA_VERSION = 1;

    /** Without the whole run: a document still being written, or one of a collector before issue 45. */
    public PgStats(int schemaVersion, Environment environment, CollectorCost collector, Map<String, String> unavailable,
                   List<WindowStats> windows) {
        this(schemaVersion, environment, collector, unavailable, windows, null);
    }

    public WindowStats window(String phase) {
        return windows.stream().filter(w -> w.phase().equals(phase)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no window '" + phase + "' in pgstats (have "
                        + windows.stream().map(WindowStats::phase).toList() + ")"));
    }
}
