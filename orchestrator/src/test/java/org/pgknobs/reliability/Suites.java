package org.pgknobs.reliability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.SuiteRecord;

/** Reading what a run left on disk, for the reliability tests. */
final class Suites {

    private Suites() {
    }

    static Path experiment(String name) {
        try {
            return Path.of(Suites.class.getResource("/faults/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The one result directory (holding suite.json) under {@code out}, if any yet. */
    static Optional<Path> resultDir(Path out) {
        if (!Files.isDirectory(out)) {
            return Optional.empty();
        }
        try (Stream<Path> s = Files.find(out, 3, (p, a) -> p.getFileName().toString().equals("suite.json"))) {
            return s.map(Path::getParent).findFirst();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static SuiteRecord suite(Path resultDir) {
        return JsonFiles.read(resultDir.resolve("suite.json"), SuiteRecord.class);
    }

    static SuiteRecord.Entry entry(SuiteRecord suite, String step) {
        return suite.steps().stream().filter(e -> e.name().equals(step)).findFirst().orElseThrow();
    }

    static StepResult step(Path resultDir, SuiteRecord.Entry e) {
        return JsonFiles.read(resultDir.resolve(e.dir()).resolve("step.json"), StepResult.class);
    }

    /** Instance directories of servers in the work dir (a run deletes its own at the end). */
    static List<Path> instances(Path workDir) {
        return Scratch.entries(workDir).stream().filter(Files::isDirectory).toList();
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
