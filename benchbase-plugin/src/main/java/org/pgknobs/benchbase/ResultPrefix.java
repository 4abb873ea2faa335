package org.pgknobs.benchbase;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * BenchBase names its result files {@code <benchmarks>_<yyyy-MM-dd_HH-mm-ss>.<kind>}; this run's are those
 * of the newest {@code *.summary.json} in the results directory. The agent names its statistics files
 * after it, and the BenchBase driver renames them all.
 */
public final class ResultPrefix {

    public static final String SUMMARY = ".summary.json";

    private ResultPrefix() {
    }

    /**
     * The newest summary's prefix, only if written at or after {@code notBeforeMs} (this run's, not an old one);
     * empty when there is none, or the directory is missing or unreadable.
     */
    public static Optional<String> newest(Path dir, long notBeforeMs) {
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(SUMMARY))
                    .filter(p -> modified(p) >= notBeforeMs - 1000)
                    .max(Comparator.comparingLong(ResultPrefix::modified))
                    .map(p -> {
                        String n = p.getFileName().toString();
                        return n.substring(0, n.length() - SUMMARY.length());
                    });
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static long modified(Path p) {
        try {
            FileTime t = Files.getLastModifiedTime(p);
            return t.toMillis();
        } catch (IOException e) {
            return 0;
        }
    }
}
