package org.pgknobs.testing;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.pgknobs.cli.Main;

/**
 * Runs the real CLI in-process and captures what it printed, while still echoing it to the test's own
 * output (so a failing CI run shows what the command said).
 */
public final class CliRun {

    public record Result(int exitCode, String out, String err) {
    }

    private CliRun() {
    }

    public static Result execute(String... args) {
        return execute(new ByteArrayOutputStream(), new ByteArrayOutputStream(), args);
    }

    /** The one result directory (the one holding suite.json) that {@code run ... --out out} made below {@code out}. */
    public static Path resultDir(Path out) throws java.io.IOException {
        try (Stream<Path> found = Files.find(out, 3, (p, a) -> p.getFileName().toString().equals("suite.json"))) {
            List<Path> dirs = found.map(Path::getParent).toList();
            if (dirs.size() != 1) {
                throw new AssertionError("one result directory expected below " + out + ", found " + dirs);
            }
            return dirs.get(0);
        }
    }

    /** Starts the command in another thread; its output can be watched while it runs. */
    public static Running start(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        return new Running(out, CompletableFuture.supplyAsync(() -> execute(out, err, args)));
    }

    private static synchronized Result execute(ByteArrayOutputStream out, ByteArrayOutputStream err, String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        try {
            System.setOut(new PrintStream(new Tee(out, oldOut), true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(new Tee(err, oldErr), true, StandardCharsets.UTF_8));
            int code = Main.execute(args);
            System.out.flush();
            System.err.flush();
            return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    /** A command running in the background. */
    public static final class Running {
        private final ByteArrayOutputStream out;
        private final CompletableFuture<Result> result;

        private Running(ByteArrayOutputStream out, CompletableFuture<Result> result) {
            this.out = out;
            this.result = result;
        }

        /**
         * Waits until standard output contains {@code text}; fails at once if the command ends first
         * (the text will never come), and after {@code deadline} otherwise.
         */
        public void awaitOutput(String text, Duration deadline) {
            long end = System.nanoTime() + deadline.toNanos();
            while (!out.toString(StandardCharsets.UTF_8).contains(text)) {
                if (result.isDone()) {
                    throw new AssertionError("the command ended without printing '" + text + "': " + result.join());
                }
                if (System.nanoTime() > end) {
                    throw new AssertionError("no '" + text + "' within " + deadline);
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError(e);
                }
            }
        }

        public Result get(Duration deadline) throws InterruptedException, ExecutionException, TimeoutException {
            return result.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
        }

        /** Lets the command finish (or gives up after the deadline) so that its files can be cleaned up. */
        public void finish(Duration deadline) {
            try {
                result.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                // the test reports its own failure; this only keeps the tear-down from racing the run
            }
        }
    }

    private static final class Tee extends OutputStream {
        private final ByteArrayOutputStream a;
        private final OutputStream b;

        Tee(ByteArrayOutputStream a, OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(int c) {
            a.write(c);
            try {
                b.write(c);
            } catch (java.io.IOException ignored) {
                // echo is best effort
            }
        }

        @Override
        public void write(byte[] buf, int off, int len) {
            a.write(buf, off, len);
            try {
                b.write(buf, off, len);
            } catch (java.io.IOException ignored) {
                // echo is best effort
            }
        }
    }
}
