package org.pgknobs.collector;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.pgknobs.json.Json;

/** File name, writing and reading of statements.json (written by the collector, so by the agent too). */
public final class StatementsFiles {

    public static final String NAME = "statements.json";

    private StatementsFiles() {
    }

    /** {@code statements.json}, or {@code <prefix>.statements.json} with a prefix. */
    public static Path json(Path dir, String prefix) {
        return dir.resolve(PgStatsFiles.name(prefix, NAME));
    }

    public static void write(StatementsDocument doc, Path file) {
        Json.write(file, doc);
    }

    /** The step directory's statements.json; empty when the step has none. */
    public static Optional<StatementsDocument> read(Path stepDir) {
        Path file = stepDir.resolve(NAME);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Json.parse(file, StatementsDocument.class));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " as statements.json: " + e.getMessage(), e);
        }
    }
}
