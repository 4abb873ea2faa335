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
import java.util.Optional;
import java.util.stream.Stream;
import org.pgknobs.json.Json;

/**
 * Real result directories from tiny runs of the shipped experiments, made once per test JVM and shared
 * by the test classes that read results (runner, summary, reports). Each is produced by the real CLI on
 * the embedded server, so every number in it was measured.
 *
 * <p>Under Maven the test JVMs (surefire forks) of one build share them too: the build names a directory
 * ({@code pgknobs.tiny.runs}); the first fork to ask makes the run there under a file lock, the others
 * read the same files (a fork that would wait makes the other tiny run meanwhile, if nobody has). The runs are read-only for tests: a test that changes a result
 * directory works on a {@link #copy} of it.
 */
public final class TinyRuns {

    /**
     * With a live line every second, so the run's output shows them (LiveProgressRunTest reads them). No trial start:
     * no reader looks at it (TrialStartTest tests it, ArticleSuiteTest's resume runs one), every step starts its
     * configuration anyway, and its seven restarts cost 6.5 of the run's 39 CPU-s (measured under load, 2026-12-03)
     * on the path every reader waits on.
     */
    private static final List<String> ARTICLE = List.of("article-42000x.yaml", "--profile", "tiny",
            "--progress-interval", "1s", "--no-trial-start", "--calibration");
    /**
     * Two repeats, so a report of it has a spread and intervals (ReportFromRunsTest reads them). Statements but no
     * profile: the tests that read flame graphs read the article's, and perf's attach and fold of each of the 8 step
     * runs cost 6.7 s of this run's 30 (4 CPU-s), time the tests waiting on it spend idle. No trial start, as the
     * article's.
     */
    private static final List<String> SWEEP = List.of("insert-benchmark-cx7a.yaml", "--profile", "tiny",
            "--steps", "base,a1,a3,a6", "--set", "repeats=2", "--set", "observe=[statements]", "--no-trial-start");

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

    /** The article file with the tiny profile: 7 steps, 1 warehouse, 2 terminals at 40 tx/s, 1 s + 3 s per step. */
    public static synchronized Run article() {
        return get(ARTICLE);
    }

    /** The cx7a insert-benchmark sweep, tiny profile, base and three variants, two repeats each (interleaved). */
    public static synchronized Run sweep() {
        return get(SWEEP);
    }

    private static Run get(List<String> key) {
        Run known = RUNS.get(key);
        if (known != null) {
            return known;
        }
        try {
            String shared = System.getProperty("pgknobs.tiny.runs");
            Run run = shared == null ? runInto(Files.createTempDirectory("pgknobs-tiny-run"), key)
                    : new SharedRun(Files.createDirectories(Path.of(shared)), key).madeOrRead();
            RUNS.put(key, run);
            return run;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One run in the build's shared directory: {@code name/} (the --out), {@code name.json}, {@code name.lock}. */
    private record SharedRun(Path root, List<String> key) {

        private Path out() {
            return root.resolve(String.join("_", key).replaceAll("[^A-Za-z0-9.,-]", "_"));
        }

        private Path outcome() {
            return root.resolve(out().getFileName() + ".json");
        }

        private FileChannel lockFile() throws IOException {
            return FileChannel.open(root.resolve(out().getFileName() + ".lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
        }

        /**
         * The run, made here or by another fork. While another fork holds this run's lock (it is making
         * it), this fork makes a tiny run nobody has started yet instead of idling, then waits.
         */
        Run madeOrRead() throws IOException {
            try (FileChannel lock = lockFile()) {
                FileLock held = lock.tryLock();
                if (held == null) {
                    for (List<String> other : List.of(ARTICLE, SWEEP)) {
                        if (!other.equals(key) && !RUNS.containsKey(other)) {
                            new SharedRun(root, other).makeIfFree().ifPresent(r -> RUNS.put(other, r));
                        }
                    }
                    held = lock.lock();
                }
                try (FileLock ignored = held) {
                    return readOrMake();
                }
            }
        }

        /** Makes (or reads) this run if no other fork is making it right now. */
        private Optional<Run> makeIfFree() throws IOException {
            try (FileChannel lock = lockFile(); FileLock held = lock.tryLock()) {
                return held == null ? Optional.empty() : Optional.of(readOrMake());
            }
        }

        private Run readOrMake() throws IOException {
            if (Files.exists(outcome())) {
                Outcome o = Json.read(outcome(), Outcome.class);
                return new Run(o.exitCode(), onlyResultDir(out()), o.output());
            }
            Run run = runInto(Files.createDirectories(out()), key);
            Json.write(outcome(), new Outcome(run.exitCode(), run.output()));
            return run;
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

    /** A copy of a result directory (its files with their times) as {@code target}, for a test that changes it. */
    public static Path copy(Path resultDir, Path target) {
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
