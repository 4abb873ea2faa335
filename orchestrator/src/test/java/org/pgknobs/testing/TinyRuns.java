package org.pgknobs.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Real result directories from tiny runs of the shipped experiments, made once per test JVM and shared
 * by the test classes that read results (runner, summary, reports). Each is produced by the real CLI on
 * the embedded server, so every number in it was measured.
 */
public final class TinyRuns {

    /** Result directory per experiment file + arguments; filled lazily, once. */
    private static final Map<List<String>, Run> RUNS = new HashMap<>();

    /** The outcome of one run: its exit code, result directory and what it printed. */
    public record Run(int exitCode, Path directory, String output) {
    }

    private TinyRuns() {
    }

    public static Path repoRoot() {
        return Path.of(System.getProperty("pgknobs.repo.root", "..")).toAbsolutePath().normalize();
    }

    public static Path experiment(String name) {
        return repoRoot().resolve("experiments").resolve(name);
    }

    /** The article file with the tiny profile: 7 steps, 1 warehouse, 2 terminals, seconds per phase. */
    public static synchronized Run article() {
        return RUNS.computeIfAbsent(List.of("article-42000x.yaml", "--profile", "tiny"), TinyRuns::execute);
    }

    /** The cx7a insert-benchmark sweep, tiny profile, base and three variants. */
    public static synchronized Run sweep() {
        return RUNS.computeIfAbsent(List.of("insert-benchmark-cx7a.yaml", "--profile", "tiny",
                "--steps", "base,a1,a3,a6"), TinyRuns::execute);
    }

    private static Run execute(List<String> key) {
        try {
            Path out = Files.createTempDirectory("pgknobs-tiny-run");
            List<String> args = new ArrayList<>(List.of("run", experiment(key.get(0)).toString(), "--out", out.toString()));
            args.addAll(key.subList(1, key.size()));
            CliRun.Result r = CliRun.execute(args.toArray(String[]::new));
            return new Run(r.exitCode(), onlyResultDir(out), r.out() + r.err());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path onlyResultDir(Path out) throws IOException {
        try (Stream<Path> suites = Files.find(out, 3, (p, a) -> p.getFileName().toString().equals("suite.json"))) {
            List<Path> found = suites.map(Path::getParent).toList();
            return found.isEmpty() ? null : found.get(0);
        }
    }
}
