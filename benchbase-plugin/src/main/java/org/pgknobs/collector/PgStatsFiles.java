package org.pgknobs.collector;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

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

    private static String name(String prefix, String base) {
        return prefix == null || prefix.isEmpty() ? base : prefix + "." + base;
    }

    static ObjectMapper mapper() {
        return new ObjectMapper()
                .enable(SerializationFeature.INDENT_OUTPUT)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }

    /** Written to a temporary file and moved into place, so a reader never sees half a document. */
    public static void write(PgStats stats, Path file) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            mapper().writeValue(tmp.toFile(), stats);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    public static PgStats read(Path file) {
        try {
            return mapper().readValue(file.toFile(), PgStats.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " as pgstats.json: " + e.getMessage(), e);
        }
    }
}
