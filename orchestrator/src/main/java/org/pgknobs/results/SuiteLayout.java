package org.pgknobs.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Where a suite's files go: {@code <out>/<experiment>/<timestamp>/} with suite.json,
 * experiment.resolved.yaml and {@code steps/NN-name[/rK]/}.
 */
public record SuiteLayout(Path root) {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss");

    /**
     * Claims a new result directory, created here: two runs of one experiment started in the same second
     * into the same --out get {@code <timestamp>} and {@code <timestamp>-2} instead of sharing one.
     */
    public static SuiteLayout fresh(Path outDir, String experimentName, LocalDateTime now) {
        return fresh(outDir, experimentName, now, "");
    }

    /** @param suffix names the part of a larger run, e.g. {@code -pg16} or {@code -shard2of4} */
    public static SuiteLayout fresh(Path outDir, String experimentName, LocalDateTime now, String suffix) {
        Path parent = outDir.resolve(experimentName);
        String stamp = STAMP.format(now) + suffix;
        try {
            Files.createDirectories(parent);
            for (int n = 1; ; n++) {
                Path root = parent.resolve(n == 1 ? stamp : stamp + "-" + n);
                try {
                    Files.createDirectory(root);
                    return new SuiteLayout(root);
                } catch (FileAlreadyExistsException taken) {
                    // another run claimed it first: try the next name
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a result directory under " + parent + ": " + e.getMessage(), e);
        }
    }

    public Path suiteJson() {
        return root.resolve("suite.json");
    }

    /** An ablation's units and culprit search (see {@link AblationRecord}). */
    public Path ablationJson() {
        return root.resolve("ablation.json");
    }

    /** The stack trace of a run that ended with an internal error (not bad input, not a failed step). */
    public Path errorLog() {
        return root.resolve("pgknobs-error.log");
    }

    public Path resolvedExperiment() {
        return root.resolve("experiment.resolved.yaml");
    }

    public Path stepDir(int index, String name, int repeat, int repeats) {
        Path dir = root.resolve("steps").resolve(String.format("%02d-%s", index, name));
        return repeats > 1 ? dir.resolve("r" + repeat) : dir;
    }

    /** The n-th discarded warm-up run of the bracketed base (1-based): {@code steps/NN-name/warmup[-n]}. */
    public Path warmupDir(int index, String name, int n) {
        return root.resolve("steps").resolve(String.format("%02d-%s", index, name)).resolve(n == 1 ? "warmup" : "warmup-" + n);
    }

    public static Path stepJson(Path stepDir) {
        return stepDir.resolve("step.json");
    }

    /**
     * The autovacuum entries the server logged in the step's measured window (log_autovacuum_min_duration),
     * copied from its log files; absent where the server's logs cannot be read (an external server).
     */
    public static Path autovacuumLog(Path stepDir) {
        return stepDir.resolve("autovacuum.log");
    }

    /** The live progress lines of the whole suite, appended as steps run (the file to `tail -f`). */
    public Path progressLog() {
        return root.resolve(PROGRESS_LOG);
    }

    /** The live progress lines of one step. */
    public static Path progressLog(Path stepDir) {
        return stepDir.resolve(PROGRESS_LOG);
    }

    private static final String PROGRESS_LOG = "progress.log";
}
