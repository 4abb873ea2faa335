package org.pgknobs.run;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Where a suite's files go: {@code <out>/<experiment>/<timestamp>/} with suite.json,
 * experiment.resolved.yaml and {@code steps/NN-name[/rK]/}.
 */
public record SuiteLayout(Path root) {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss");

    public static SuiteLayout fresh(Path outDir, String experimentName, LocalDateTime now) {
        return new SuiteLayout(outDir.resolve(experimentName).resolve(STAMP.format(now)));
    }

    public Path suiteJson() {
        return root.resolve("suite.json");
    }

    public Path resolvedExperiment() {
        return root.resolve("experiment.resolved.yaml");
    }

    public Path stepDir(int index, String name, int repeat, int repeats) {
        Path dir = root.resolve("steps").resolve(String.format("%02d-%s", index, name));
        return repeats > 1 ? dir.resolve("r" + repeat) : dir;
    }

    public static Path stepJson(Path stepDir) {
        return stepDir.resolve("step.json");
    }
}
