package org.pgknobs.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.pgknobs.json.Json;

/**
 * Real result directories from tiny runs of the shipped experiments, made once per test JVM and shared
 * by the test classes that read results (runner, summary, reports). Each is produced by the real CLI on
 * the embedded server, so every number in it was measured.
 *
 * <p>Under Maven the test JVMs (surefire forks) of one build share them too: the build names a directory
 * ({@code pgknobs.tiny.runs}); the first fork to ask makes the run there under a file lock, the others
 * wait for it and read the same files. The runs are read-only for tests: a test that changes a result
 * directory works on a {@link #copy} of it.
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
            String shared = System.getProperty("pgknobs.tiny.runs");
            if (shared == null) {
                return runInto(Files.createTempDirectory("pgknobs-tiny-run"), key);
            }
            Path root = Files.createDirectories(Path.of(shared));
            String name = String.join("_", key).replaceAll("[^A-Za-z0-9.,-]", "_");
            try (FileChannel lockFile = FileChannel.open(root.resolve(name + ".lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE); FileLock ignored = lockFile.lock()) {
                Path outcome = root.resolve(name + ".json");
                Path out = root.resolve(name);
                if (Files.exists(outcome)) {
                    Outcome o = Json.read(outcome, Outcome.class);
                    return new Run(o.exitCode(), onlyResultDir(out), o.output());
                }
                Run run = runInto(Files.createDirectories(out), key);
                Json.write(outcome, new Outcome(run.exitCode(), run.output()));
                return run;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What a fork that made a shared run leaves for the others beside its directory. */
    private record Outcome(int exitCode, String output) {
    }

    private static Run runInto(Path out, List<String> key) throws IOException {
        List<String> args = new ArrayList<>(List.of("run", experiment(key.get(0)).toString(), "--out", out.toString()));
        args.addAll(key.subList(1, key.size()));
        CliRun.Result r = CliRun.execute(args.toArray(String[]::new));
        return new Run(r.exitCode(), onlyResultDir(out), r.out() + r.err());
    }

    /** A copy of a result directory (its files with their times) in {@code into}, for a test that changes it. */
    public static Path copy(Path resultDir, Path into) {
        Path target = into.resolve(resultDir.getFileName().toString());
        try (Stream<Path> all = Files.walk(resultDir)) {
            for (Path p : all.toList()) {
                Path to = target.resolve(resultDir.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
            return target;
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
