package org.pgknobs.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Makes the servers under one work directory slower on purpose: every cycle it stops their processes (SIGSTOP) for a
 * share of the cycle and lets them go on (SIGCONT). The share is set by the test as it goes, so a run can be made
 * slower step after step by an amount that does not depend on what else the machine runs — burning CPU beside the
 * server would, since on a loaded machine a few more runnable threads change little.
 */
public final class ServerThrottle implements AutoCloseable {

    private static final long CYCLE_MILLIS = 400;

    private final String workDir;
    private final AtomicInteger stoppedPercent = new AtomicInteger();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Thread thread;

    /** Starts throttling (at 0 %: nothing stopped until {@link #stopPercent} says so). */
    public ServerThrottle(Path workDir) {
        this.workDir = workDir.toAbsolutePath().toString();
        this.thread = new Thread(this::loop, "server-throttle");
        thread.setDaemon(true);
        thread.start();
    }

    /** The share of every cycle the servers spend stopped, 0–90. */
    public void stopPercent(int percent) {
        stoppedPercent.set(Math.max(0, Math.min(90, percent)));
    }

    private void loop() {
        try {
            while (!closed.get()) {
                int percent = stoppedPercent.get();
                List<Long> pids = percent == 0 ? List.of() : serverProcesses();
                if (pids.isEmpty()) {
                    Thread.sleep(CYCLE_MILLIS);
                    continue;
                }
                signal("-STOP", pids);
                try {
                    Thread.sleep(CYCLE_MILLIS * percent / 100);
                } finally {
                    signal("-CONT", pids);
                }
                Thread.sleep(CYCLE_MILLIS * (100 - percent) / 100);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The postmasters whose data directory lies under the work directory, and every process they started. */
    private List<Long> serverProcesses() {
        List<Long> pids = new ArrayList<>();
        ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains(" -D " + workDir)
                        || c.contains(" -D" + workDir)).orElse(false))
                .filter(p -> p.info().command().map(c -> c.endsWith("/postgres")).orElse(false))
                .forEach(p -> {
                    pids.add(p.pid());
                    p.descendants().forEach(d -> pids.add(d.pid()));
                });
        return pids;
    }

    private static void signal(String signal, List<Long> pids) {
        List<String> cmd = new ArrayList<>(List.of("kill", signal));
        pids.forEach(p -> cmd.add(Long.toString(p)));
        try {
            new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start().waitFor();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops throttling and leaves every process running. */
    @Override
    public void close() throws InterruptedException {
        closed.set(true);
        thread.interrupt();
        thread.join();
    }
}
