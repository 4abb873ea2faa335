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
        List<WindowStats> windows) {

    public static final int SCHEMA_VERSION = 1;

    public WindowStats window(String phase) {
        return windows.stream().filter(w -> w.phase().equals(phase)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no window '" + phase + "' in pgstats (have "
                        + windows.stream().map(WindowStats::phase).toList() + ")"));
    }
}
