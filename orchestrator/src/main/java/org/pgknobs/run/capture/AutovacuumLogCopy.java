package org.pgknobs.run.capture;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.SuiteLayout;
import org.pgknobs.server.AutovacuumLogLines;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.Server;
import org.pgknobs.results.WorkloadResult;

/**
 * Keeps the autovacuum entries a managed server logged in the step's headline window: with
 * logging_collector on they are in PGDATA/log, which the next step's restore replaces, so they are copied
 * into the step directory ({@link SuiteLayout#autovacuumLog}). As a listener it notes when each window
 * opened and closed on the wall clock the server's log timestamps use.
 */
final class AutovacuumLogCopy implements StepCapture {

    private final Map<String, long[]> windows = new LinkedHashMap<>();
    private long runStartMs = System.currentTimeMillis();

    @Override
    public synchronized void beforeRun(StepSubject step) {
        runStartMs = System.currentTimeMillis();
    }

    @Override
    public synchronized void phaseStarted(String phase) {
        windows.put(phase, new long[] {System.currentTimeMillis(), Long.MAX_VALUE});
    }

    @Override
    public synchronized void phaseEnded(String phase) {
        long[] w = windows.get(phase);
        if (w != null) {
            w[1] = System.currentTimeMillis();
        }
    }

    /**
     * Writes the file for a managed server; the window is the headline phase's, or the whole run when the
     * workload told no window (BenchBase's agent keeps its windows to itself). Never throws: the copy is a
     * help, never a reason to lose the step.
     */
    @Override
    public void afterRun(StepSubject step, WorkloadResult result) {
        save(step.server(), step.dir(), result.headlinePhase());
    }

    synchronized void save(Server server, Path dir, String headline) {
        if (!(server instanceof ManagedServer managed)) {
            return;
        }
        try {
            long[] w = headline == null ? null : windows.get(headline);
            long from = w == null ? runStartMs : w[0];
            long to = w == null || w[1] == Long.MAX_VALUE ? System.currentTimeMillis() : w[1];
            List<String> entries = AutovacuumLogLines.entries(managed.logFiles(), from, to);
            JsonFiles.writeText(SuiteLayout.autovacuumLog(dir), entries.isEmpty() ? "" : String.join("\n", entries) + "\n");
        } catch (RuntimeException e) {
            // unreadable log files leave the step without its copy, nothing more
        }
    }
}
