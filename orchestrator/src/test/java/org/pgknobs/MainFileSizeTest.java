package org.pgknobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** House rule: small classes, no main source file over {@value #LIMIT} lines. */
@Tag("unit")
class MainFileSizeTest {

    static final int LIMIT = 400;
    private static final Path ROOT = Path.of(System.getProperty("pgknobs.repo.root", ".."));

    /**
     * Known, named exceptions, each with the issue that removes it. An entry that is no longer over the
     * limit fails the test too, so the list cannot outlive its reason.
     */
    private static final Map<String, String> KNOWN_EXCEPTIONS = Map.of();

    @Test
    void noMainSourceFileIsOverTheLimitExceptTheNamedOnes() {
        Map<String, Long> over = new TreeMap<>();
        for (Path file : mainSources()) {
            long lines = lineCount(file);
            if (lines > LIMIT) {
                over.put(ROOT.relativize(file).toString().replace('\\', '/'), lines);
            }
        }
        assertThat(mainSources()).as("main sources found under " + ROOT.toAbsolutePath()).hasSizeGreaterThan(100);
        assertThat(over.keySet()).as("main files over %d lines (lines: %s); split them by job", LIMIT, over)
                .isSubsetOf(KNOWN_EXCEPTIONS.keySet());
        assertThat(KNOWN_EXCEPTIONS.keySet()).as("known exceptions no longer over %d lines: drop them from the list", LIMIT)
                .isSubsetOf(over.keySet());
    }

    private static List<Path> mainSources() {
        try (Stream<Path> modules = Files.list(ROOT)) {
            return modules.map(m -> m.resolve("src/main/java")).filter(Files::isDirectory)
                    .flatMap(MainFileSizeTest::javaFiles).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Stream<Path> javaFiles(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> f.toString().endsWith(".java")).toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long lineCount(Path file) {
        try (Stream<String> lines = Files.lines(file)) {
            return lines.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
