package org.pgknobs.reliability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The CLI as a real child process ({@code java -cp <test classpath> org.pgknobs.cli.Main ...}), for what
 * an in-process run cannot show: signals, exit codes set by the JVM, environment variables, and two
 * runs at once. Its output goes to a file the test can wait on.
 */
final class ChildRun {

    private final Process process;
    private final Path log;

    private ChildRun(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    static ChildRun start(Path log, Map<String, String> env, String... args) {
        // A test suite started as a background job of a non-interactive shell (nohup ... &, some CI agents)
        // inherits SIGINT as ignored, and a JVM started with SIGINT ignored keeps it ignored: the child
        // would never see the Ctrl-C the tests send. env resets it, as a user's terminal has it.
        List<String> cmd = new ArrayList<>(List.of("env", "--default-signal=INT,TERM",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // C1 only and the serial collector: a short run's JIT and GC threads otherwise take about half
                // of its client CPU (20.9 s of user time against 11.2 s for a two-step run), which the other
                // test JVMs beside it then lack; no test reads the child's speed
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-cp", System.getProperty("java.class.path"), "org.pgknobs.cli.Main"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().remove("PGPASSWORD");
        pb.environment().putAll(env);
        try {
            return new ChildRun(pb.start(), log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String output() {
        try {
            return Files.exists(log) ? Files.readString(log) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    long pid() {
        return process.pid();
    }

    /** Waits until the output holds {@code text}; fails if the process ends first. */
    void awaitOutput(String text, long seconds) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            if (output().contains(text)) {
                return;
            }
            if (!process.isAlive()) {
                throw new AssertionError("the run ended before printing '" + text + "':\n" + output());
            }
            Suites.sleep(100);
        }
        throw new AssertionError("no '" + text + "' within " + seconds + " s:\n" + output());
    }

    /** Sends a signal the way a user's terminal or a service manager would: kill -INT / -TERM. */
    void signal(String name) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start();
            if (kill.waitFor() != 0) {
                throw new AssertionError("kill -" + name + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    int waitFor(long seconds) {
        try {
            if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("the run did not end within " + seconds + " s:\n" + output());
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
