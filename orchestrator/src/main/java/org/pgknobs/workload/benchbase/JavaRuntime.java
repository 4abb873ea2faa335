package org.pgknobs.workload.benchbase;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pgknobs.BadInputException;
import org.pgknobs.process.CommandResult;
import org.pgknobs.process.CommandRunner;

/**
 * A {@code java} executable and the feature release it reported with {@code java -version}
 * (BenchBase 2023+ is compiled for Java 23, so older runtimes fail with UnsupportedClassVersionError).
 *
 * @param versionLine the first line {@code java -version} printed, for messages
 */
public record JavaRuntime(Path executable, int feature, String versionLine) {

    /**
     * The oldest Java that runs BenchBase's current builds: assumed only when the build's class files
     * cannot be read (see {@link ClassFileRelease}), which otherwise say what they need.
     */
    public static final int BENCHBASE_MINIMUM = 23;

    private static final Pattern VERSION = Pattern.compile("version \"([^\"]+)\"");

    /**
     * Runs {@code java -version} of {@code javaOrHome}: a java executable, or a JDK/JRE directory
     * holding {@code bin/java}.
     */
    public static JavaRuntime probe(Path javaOrHome) {
        Path java = Files.isDirectory(javaOrHome) ? javaOrHome.resolve("bin").resolve("java") : javaOrHome;
        if (!Files.isExecutable(java)) {
            throw new BadInputException("no java executable at " + java + "; give a JDK directory (holding bin/java) "
                    + "or the java binary itself");
        }
        CommandResult r;
        try {
            r = CommandRunner.run(List.of(java.toString(), "-version"), Duration.ofSeconds(60));
        } catch (RuntimeException e) {
            throw new BadInputException("cannot run " + java + " -version: " + e.getMessage(), e);
        }
        if (!r.succeeded()) {
            throw new BadInputException(java + " -version failed (exit " + r.exitCode() + "): "
                    + String.join(" / ", r.lastLines(3)));
        }
        String first = r.output().strip().lines().findFirst().orElse("");
        return new JavaRuntime(java.toAbsolutePath(), parseFeature(r.output()).orElseThrow(() ->
                new BadInputException("cannot tell the Java version of " + java + " from its output: " + first)), first);
    }

    /**
     * The feature release in {@code java -version} output: {@code openjdk version "25.0.1"} → 25,
     * {@code java version "1.8.0_402"} → 8, {@code openjdk version "23-ea"} → 23.
     */
    static Optional<Integer> parseFeature(String output) {
        Matcher m = VERSION.matcher(output);
        if (!m.find()) {
            return Optional.empty();
        }
        String v = m.group(1);
        String[] parts = v.split("[.\\-+_]");
        try {
            int first = Integer.parseInt(parts[0]);
            return Optional.of(first == 1 && parts.length > 1 ? Integer.parseInt(parts[1]) : first);
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    public boolean atLeast(int release) {
        return feature >= release;
    }

    /** This runtime if it is at least {@code minimum}, else bad input naming it and how to point at another. */
    public JavaRuntime require(int minimum, String foundVia) {
        if (!atLeast(minimum)) {
            throw new BadInputException("BenchBase needs Java " + minimum + " or newer, but the Java found via "
                    + foundVia + " is Java " + feature + " (" + executable + ": " + versionLine + "). Point at a newer "
                    + "one with --benchbase-java DIR (a JDK directory or its bin/java) or JAVA_HOME");
        }
        return this;
    }
}
