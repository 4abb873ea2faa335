package org.pgknobs.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * A step's {@code autovacuum.log} ({@link SuiteLayout#autovacuumLog}): the server's autovacuum entries of
 * the measured window, each its first line and the tab-indented lines after it.
 */
public final class AutovacuumLog {

    private AutovacuumLog() {
    }

    /** How many entries the step's file holds; empty when it has none (not copied). */
    public static OptionalLong entries(Path stepDir) {
        Path file = SuiteLayout.autovacuumLog(stepDir);
        if (!Files.isRegularFile(file)) {
            return OptionalLong.empty();
        }
        try (Stream<String> lines = Files.lines(file, StandardCharsets.ISO_8859_1)) {
            return OptionalLong.of(lines.filter(l -> !l.isEmpty() && !l.startsWith("\t")).count());
        } catch (IOException | UncheckedIOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(),
                    e instanceof IOException io ? io : ((UncheckedIOException) e).getCause());
        }
    }
}
