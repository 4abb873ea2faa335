package org.pgknobs.run;

import java.io.PrintStream;
import org.pgknobs.experiment.plan.PlannedRun;
import org.pgknobs.overlay.OverlayEngine;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.SuiteLayout;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.run.data.Clusters;

/**
 * Ctrl-C / SIGTERM while a suite runs: a shutdown hook marks the running step interrupted, writes
 * suite.json, cancels the overlay and stops the clusters (or restores an external server's
 * postgresql.auto.conf). The runner's updates of the record go through here too, under one lock, so the
 * hook never sees (or writes) half of a step's end.
 */
final class SuiteInterruption {

    private final OverlayEngine engine;
    private final Clusters clusters;
    private final PrintStream out;
    private final Object lock = new Object();
    private final Thread hook = new Thread(this::onSignal, "pgknobs-suite-interrupt");
    private volatile boolean interrupted;
    private SuiteLayout layout;
    private SuiteRecordWriter record;
    private int current = -1;

    SuiteInterruption(OverlayEngine engine, Clusters clusters, PrintStream out) {
        this.engine = engine;
        this.clusters = clusters;
        this.out = out;
    }

    void install() {
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** After the suite: the hook goes (unless it is the one running) and the clusters are deleted. */
    void uninstallAndRelease() {
        if (!interrupted) {
            Runtime.getRuntime().removeShutdownHook(hook);
            clusters.release(true);
        }
    }

    boolean interrupted() {
        return interrupted;
    }

    void resultsIn(SuiteLayout layout) {
        synchronized (lock) {
            this.layout = layout;
        }
    }

    void recordingWith(SuiteRecordWriter record) {
        synchronized (lock) {
            this.record = record;
        }
    }

    /** Adds a step planned at run time (an ablation's search candidate, a round of repeats: auto) to suite.json; its entry index. */
    int stepPlanned(PlannedRun p) {
        synchronized (lock) {
            return record.append(p);
        }
    }

    /** {@code repeats: auto}: the decision after a round, into suite.json (unless a signal came first). */
    void roundsDecided(SuiteRecord.Rounds rounds) {
        synchronized (lock) {
            if (!interrupted) {
                record.rounds(rounds);
            }
        }
    }

    void stepStarting(int i) {
        synchronized (lock) {
            current = i;
        }
    }

    /** Records the step's result; false (and nothing written) when a signal came first. */
    boolean stepFinished(int i, StepResult result) {
        synchronized (lock) {
            if (interrupted) {
                return false;
            }
            record.loads(clusters.loads());
            record.finish(i, result);
            current = -1;
            return true;
        }
    }

    /** The bracketed base's warm-up run ended: its step.json and its line in suite.json; false when a signal came first. */
    boolean warmupFinished(java.nio.file.Path dir, StepResult result) {
        synchronized (lock) {
            if (interrupted) {
                return false;
            }
            record.loads(clusters.loads());
            record.warmup(dir, result);
            return true;
        }
    }

    /** The suite's final status in suite.json, unless a signal already wrote "interrupted". */
    void suiteFinished() {
        synchronized (lock) {
            if (!interrupted) {
                record.write(record.anyFailed() ? "failed" : "done");
            }
        }
    }

    private void onSignal() {
        // no ALTER SYSTEM may land after the restore below
        engine.cancel();
        synchronized (lock) {
            interrupted = true;
            if (record != null) {
                if (current >= 0) {
                    record.interrupted(current);
                }
                record.write("interrupted");
            }
        }
        // A resumed run makes and loads its own clusters: these would only fill the work directory.
        clusters.release(true);
        out.println("interrupted: servers stopped; results so far are in "
                + (layout == null ? "(no result directory yet)" : layout.root()) + "; finish with --resume");
        out.flush();
    }
}
