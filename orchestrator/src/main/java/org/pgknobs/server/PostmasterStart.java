package org.pgknobs.server;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Starts a postmaster and waits until it accepts connections, as {@code pg_ctl start -w} does: in a session of its
 * own ({@code setsid}: a Ctrl-C at the terminal reaches pgknobs, which stops the server itself), stdin from /dev/null,
 * its output appended to the log file, then ready when postmaster.pid names this process and says "ready". Without
 * pg_ctl, its shell and its {@code postgres -V} check, three processes a start, and seeing the server ready within
 * 10 ms where pg_ctl polls every 100 ms: a suite starts servers hundreds of times (docs/testing.md).
 */
final class PostmasterStart {

    /** How a start ended: ready, or the postmaster exited (its log says why), or the wait ran out. */
    enum Outcome { READY, EXITED, TIMED_OUT }

    /** postmaster.pid's lines: the PID first, the status (PM_STATUS_READY etc.) on line 8. */
    private static final int PID_LINE = 0;
    private static final int STATUS_LINE = 7;
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    private PostmasterStart() {
    }

    static Outcome start(RunAs runAs, String postgres, Path dataDirectory, Path logFile, List<String> options,
                         Duration timeout) {
        List<String> command = new ArrayList<>(List.of("setsid", postgres, "-D", dataDirectory.toString()));
        command.addAll(options);
        Process postmaster;
        try {
            createLog(runAs, logFile);
            postmaster = new ProcessBuilder(runAs.command(command))
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()))
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + postgres + ": " + e.getMessage(), e);
        }
        // setpriv and setsid exec in place (a freshly spawned process leads no group, so setsid need not fork): this
        // process becomes the postmaster
        long deadline = System.nanoTime() + timeout.toNanos();
        Path pidFile = dataDirectory.resolve("postmaster.pid");
        while (true) {
            if (isReady(pidFile, postmaster.pid())) {
                return Outcome.READY;
            }
            if (!postmaster.isAlive()) {
                return Outcome.EXITED;
            }
            if (System.nanoTime() > deadline) {
                return Outcome.TIMED_OUT;
            }
            try {
                postmaster.waitFor(POLL_NANOS, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the server to start", e);
            }
        }
    }

    private static boolean isReady(Path pidFile, long pid) {
        try {
            List<String> lines = Files.readAllLines(pidFile);
            return lines.size() > STATUS_LINE && lines.get(PID_LINE).strip().equals(Long.toString(pid))
                    && List.of("ready", "standby").contains(lines.get(STATUS_LINE).strip());
        } catch (IOException | UncheckedIOException e) {
            return false; // not there yet, or being rewritten
        }
    }

    /** The log as pg_ctl -l makes it: the server's user's, mode 600. */
    private static void createLog(RunAs runAs, Path logFile) throws IOException {
        if (!Files.exists(logFile)) {
            Files.createFile(logFile, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            runAs.own(logFile);
        }
    }
}
