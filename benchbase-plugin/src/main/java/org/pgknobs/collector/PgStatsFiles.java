package org.pgknobs.collector;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.pgknobs.json.Json;

/** File names, writing and reading of pgstats.json (reports read it back through {@link #read}). */
public final class PgStatsFiles {

    private PgStatsFiles() {
    }

    /** {@code pgstats.json}, or {@code <prefix>.pgstats.json} with a prefix. */
    public static Path json(Path dir, String prefix) {
        return dir.resolve(name(prefix, "pgstats.json"));
    }

    public static Path csv(Path dir, String prefix) {
        return dir.resolve(name(prefix, "pgstats.csv"));
    }

    static String name(String prefix, String base) {
        return prefix == null || prefix.isEmpty() ? base : prefix + "." + base;
    }

    /** Written to a temporary file and moved into place, so a reader never sees half a document. */
    public static void write(PgStats stats, Path file) {
        Json.write(file, stats);
    }

    public static PgStats read(Path file) {
        try {
            return Json.parse(file, PgStats.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " as pgstats.json: " + e.getMessage(), e);
        }
    }
}
