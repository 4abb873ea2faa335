package org.pgknobs.sidebyside;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.pgknobs.benchbase.BenchBaseConfig;
import org.pgknobs.benchbase.BenchBaseXml;
import org.pgknobs.json.Json;
import org.pgknobs.process.CommandResult;
import org.pgknobs.process.CommandRunner;
import org.pgknobs.process.JvmClassPath;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.workload.WorkloadException;

/**
 * One run of the built-in driver in a JVM of its own, as BenchBase always runs: {@code java -cp <this class path>
 * org.pgknobs.cli.Main tpcc -c XML --execute=true -d DIR}, its result the JSON line that command prints. A
 * comparison that ran the built-in driver in the comparing JVM pitted a JIT warmed over the earlier pairs against
 * BenchBase's cold one, and the client's speed moves how often NewOrders fail (docs/benchmarks.md).
 */
public final class BuiltinChildRun {

    /** The CLI's entry point, named as a string: the bench layer sits below the CLI and must not import it. */
    static final String MAIN_CLASS = "org.pgknobs.cli.Main";

    private static final String CONFIG = "builtin-config.xml";
    static final String LOG = "builtin.log";

    private BuiltinChildRun() {
    }

    /** Runs {@code config}'s execute phase into {@code dir} (its files and {@value #LOG}) and returns the headline. */
    public static PhaseResult run(BenchBaseConfig config, Path dir) throws WorkloadException {
        Path xml = dir.resolve(CONFIG);
        try (OutputStream log = Files.newOutputStream(dir.resolve(LOG))) {
            // the password is in this file only while the child runs
            BenchBaseXml.write(config, xml);
            int seconds = config.works().stream().mapToInt(w -> w.warmup() + w.time()).sum();
            CommandResult r = CommandRunner.run(List.of(javaExecutable(), "-cp", JvmClassPath.of(
                    Thread.currentThread().getContextClassLoader()), MAIN_CLASS, "tpcc", "-c", xml.toString(),
                    "--execute=true", "-d", dir.toAbsolutePath().toString()), Duration.ofSeconds(seconds + 300L),
                    Map.of(), null, log);
            if (!r.succeeded()) {
                throw new WorkloadException("the built-in driver's JVM " + (r.timedOut() ? "timed out" : "exited "
                        + r.exitCode()) + "; its output is in " + dir.resolve(LOG) + "; last lines: "
                        + String.join(" / ", r.lastLines(5)));
            }
            return headline(r.output(), dir.resolve(LOG));
        } catch (IOException e) {
            throw new WorkloadException("the built-in driver's JVM in " + dir + ": " + e.getMessage(), e);
        } finally {
            try {
                Files.deleteIfExists(xml);
            } catch (IOException e) {
                // the directory is the user's to delete; the next run overwrites the file
            }
        }
    }

    /** The last line that is a JSON object: the command prints its phase result there, after its stderr lines. */
    static PhaseResult headline(String output, Path log) throws IOException {
        List<String> lines = output.lines().filter(l -> l.startsWith("{")).toList();
        if (lines.isEmpty()) {
            throw new IOException("the built-in driver printed no result line (see " + log + ")");
        }
        return Json.parse(lines.get(lines.size() - 1), PhaseResult.class);
    }

    private static String javaExecutable() {
        return ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString());
    }
}
