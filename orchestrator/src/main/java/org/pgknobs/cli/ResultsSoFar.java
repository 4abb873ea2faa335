package org.pgknobs.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteLayout;
import org.pgknobs.results.SuiteRecord;

/**
 * The result directories a run wrote, for the message of a run that failed: which runs are done and where.
 * The runner names its directory itself ({@code --out/<experiment>/<timestamp>}, one per version or shard), so
 * the command notes what was under {@code --out} before it started and, after a failure, takes what appeared
 * since (or the {@code --resume} directory).
 */
final class ResultsSoFar {

    private final Path out;
    private final Optional<Path> resume;
    private final Set<Path> before;

    private ResultsSoFar(Path out, Optional<Path> resume, Set<Path> before) {
        this.out = out;
        this.resume = resume;
        this.before = before;
    }

    /** Notes the result directories already under {@code out}; call before the run starts. */
    static ResultsSoFar watching(Path out, Optional<Path> resume) {
        return new ResultsSoFar(out, resume, Set.copyOf(resultDirs(out)));
    }

    /** The directories this run wrote into: the resumed one, or those that appeared under --out since it started. */
    List<Path> directories() {
        List<Path> dirs = new ArrayList<>();
        resume.ifPresent(dirs::add);
        resultDirs(out).stream().filter(d -> !before.contains(d)).sorted().forEach(dirs::add);
        return dirs;
    }

    /** One line per directory: where it is and which runs in it are done (none, before suite.json was written). */
    List<String> describe() {
        List<String> lines = new ArrayList<>();
        for (Path dir : directories()) {
            Optional<SuiteRecord> suite = suite(dir);
            if (suite.isEmpty()) {
                lines.add("results: " + dir + ": no run done (no suite.json yet)");
                continue;
            }
            List<SuiteRecord.Entry> steps = suite.get().steps();
            boolean repeated = steps.stream().anyMatch(e -> e.repeat() > 1);
            List<String> done = steps.stream().filter(e -> e.status() == StepStatus.DONE)
                    .map(e -> repeated ? e.name() + " r" + e.repeat() : e.name()).toList();
            lines.add("results: " + dir + ": " + done.size() + " of " + steps.size() + " runs done"
                    + (done.isEmpty() ? "" : " (" + String.join(", ", done) + ")")
                    + (done.size() < steps.size() ? "; --resume " + dir + " runs the others" : ""));
        }
        if (lines.isEmpty()) {
            lines.add("results: none written (the run stopped before its result directory was made)");
        }
        return lines;
    }

    /**
     * Writes the stack trace to the error log ({@link SuiteLayout#errorLog}) of the directory the run was working in (the one not
     * finished); empty when there is none, or it cannot be written there.
     */
    Optional<Path> writeTrace(Throwable t) {
        List<Path> dirs = directories();
        if (dirs.isEmpty()) {
            return Optional.empty();
        }
        Path dir = dirs.stream().filter(d -> suite(d).map(s -> !"done".equals(s.progress().status()) && !"failed".equals(s.progress().status()))
                .orElse(true)).findFirst().orElse(dirs.get(dirs.size() - 1));
        StringWriter trace = new StringWriter();
        t.printStackTrace(new PrintWriter(trace));
        Path log = new SuiteLayout(dir).errorLog();
        try {
            JsonFiles.writeText(log, trace.toString());
            return Optional.of(log);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Optional<SuiteRecord> suite(Path dir) {
        Path json = new SuiteLayout(dir).suiteJson();
        if (!Files.isRegularFile(json)) {
            return Optional.empty();
        }
        try {
            return Optional.of(JsonFiles.read(json, SuiteRecord.class));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /** {@code out/<experiment>/<run>}: the directories a run makes under --out (what can be listed: this only informs). */
    private static Set<Path> resultDirs(Path out) {
        Set<Path> dirs = new HashSet<>();
        if (out == null || !Files.isDirectory(out)) {
            return dirs;
        }
        try (Stream<Path> experiments = Files.list(out)) {
            for (Path experiment : experiments.filter(Files::isDirectory).toList()) {
                try (Stream<Path> runs = Files.list(experiment)) {
                    runs.filter(Files::isDirectory).forEach(dirs::add);
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // an unlistable --out fails the run where it writes, with its own message
        }
        return dirs;
    }
}
