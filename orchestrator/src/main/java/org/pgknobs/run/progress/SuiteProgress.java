package org.pgknobs.run.progress;

import java.io.PrintStream;
import java.time.Duration;
import org.pgknobs.workload.ProgressListener;

/**
 * One progress display for a suite: which step of how many, which phase, elapsed and ETA. Prints a line
 * when the phase changes and at most every {@code every} within a phase, so logs of long CI or nohup
 * runs stay readable (no carriage-return animation).
 *
 * <p>The ETA starts from the plan's estimate (experiment.plan.ExperimentPlan: a run's workload time and step
 * overhead, one load per cluster) and corrects itself from what the suite measures: once a run has finished, the
 * mean wall time of the finished runs (without the loads) replaces the planned time per run, and once a load has
 * finished, the loads still to come are scaled by how the measured load compared with its estimate.
 */
public final class SuiteProgress implements ProgressListener {

    private final PrintStream out;
    private final long startNanos = System.nanoTime();
    private final Duration every;
    private final Duration plannedLoad;
    private int totalSteps;
    private int notStarted;
    private int mayAdd;
    private int loadsLeft;
    private int step;
    private String stepName = "";
    private String lastPhase = "";
    private long lastPrint;
    private long stepStartNanos = System.nanoTime();
    private Duration stepEstimate = Duration.ZERO;
    private int finishedRuns;
    private long finishedRunNanos;
    private long loadStartNanos = -1;
    private long loadNanosInStep;
    private int loadsDone;
    private long loadNanosDone;

    /**
     * @param totalSteps  the runs planned
     * @param toRun       how many of them are still to run (fewer on --resume)
     * @param loads       the data loads planned (one per cluster)
     * @param plannedLoad the estimate of one load
     */
    public SuiteProgress(PrintStream out, int totalSteps, int toRun, int loads, Duration plannedLoad, Duration every) {
        this.out = out;
        this.totalSteps = totalSteps;
        this.notStarted = toRun;
        this.loadsLeft = loads;
        this.plannedLoad = plannedLoad;
        this.every = every;
    }

    /**
     * A progress display without planned loads, its ETA from the runs' own estimates ({@link #stepStarted}) until runs
     * finish; {@code estimate}, the whole suite's, is not needed any more (kept for the callers of the first version).
     */
    public SuiteProgress(PrintStream out, int totalSteps, Duration estimate, Duration every) {
        this(out, totalSteps, totalSteps, 0, Duration.ZERO, every);
    }

    /** A step begins; {@code stepEstimate} is its planned wall time (workload and overhead, no load). */
    public synchronized void stepStarted(int ordinal, String name, Duration stepEstimate) {
        long now = System.nanoTime();
        if (step > 0) {
            finishedRuns++;
            finishedRunNanos += now - stepStartNanos - loadNanosInStep;
        }
        this.notStarted = Math.max(0, notStarted - 1);
        this.step = ordinal;
        this.stepName = name;
        this.stepEstimate = stepEstimate;
        this.stepStartNanos = now;
        this.loadNanosInStep = 0;
        this.lastPhase = "";
        out.printf("[%d/%d %s] starting (elapsed %s, ETA %s)%n", step, totalSteps, stepName,
                format(elapsed()), etaText());
    }

    /** Runs planned while the suite goes on (a round of {@code repeats: auto}, an ablation's candidate). */
    public synchronized void runsAdded(int runs) {
        totalSteps += runs;
        notStarted += runs;
        mayAdd = runs == 0 ? 0 : Math.max(0, mayAdd - runs);
    }

    /**
     * Runs that may still be added ({@code repeats: auto}'s rounds after the planned ones, at most): the ETA then
     * names the time with them too, so that a user who reads "ETA 35:13" of a run that goes on to a second
     * round is not misled. Adding no runs (the rounds stopped) clears it.
     */
    public synchronized void mayAdd(int runs) {
        mayAdd = Math.max(0, runs);
    }

    /** The current step loads a cluster's data before it starts: not part of the step's own time. */
    public synchronized void loadStarted() {
        loadStartNanos = System.nanoTime();
    }

    public synchronized void loadFinished() {
        long took = System.nanoTime() - loadStartNanos;
        loadStartNanos = -1;
        loadNanosInStep += took;
        loadNanosDone += took;
        loadsDone++;
        loadsLeft = Math.max(0, loadsLeft - 1);
    }

    public synchronized void say(String message) {
        out.printf("[%d/%d %s] %s%n", step, totalSteps, stepName, message);
    }

    @Override
    public synchronized void progress(String phase, long done, long total, String unit) {
        long now = System.nanoTime();
        if (phase.equals(lastPhase) && now - lastPrint < every.toNanos() && done != total) {
            return;
        }
        lastPhase = phase;
        lastPrint = now;
        String amount = total > 0 ? done + "/" + total + " " + unit : done + " " + unit;
        out.printf("[%d/%d %s] %s %s (elapsed %s, ETA %s)%n", step, totalSteps, stepName, phase, amount,
                format(elapsed()), etaText());
    }

    private String etaText() {
        Duration eta = eta();
        return format(eta) + (mayAdd == 0 ? "" : ", " + format(withAllRounds(eta)) + " if " + mayAdd
                + " more run" + (mayAdd == 1 ? "" : "s") + " follow");
    }

    /** The ETA if every run that may still be added is added, at the measured (or planned) time per run. */
    synchronized Duration etaWithAllRounds() {
        return withAllRounds(eta());
    }

    private Duration withAllRounds(Duration eta) {
        return eta.plusNanos(mayAdd * perRun());
    }

    private long perRun() {
        return finishedRuns > 0 ? finishedRunNanos / finishedRuns : stepEstimate.toNanos();
    }

    private Duration elapsed() {
        return Duration.ofNanos(System.nanoTime() - startNanos);
    }

    /**
     * The runs not yet started at the measured (or planned) time per run, what the current run has left of it,
     * and the loads to come at the measured (or planned) time per load.
     */
    synchronized Duration eta() {
        long now = System.nanoTime();
        long perRun = perRun();
        long perLoad = loadsDone > 0 ? loadNanosDone / loadsDone : plannedLoad.toNanos();
        long loading = loadStartNanos >= 0 ? now - loadStartNanos : 0;
        long inRun = now - stepStartNanos - loadNanosInStep - loading;
        long current = step == 0 ? 0 : Math.max(0, perRun - inRun);
        long loads = loadsLeft * perLoad - Math.min(loading, perLoad);
        return Duration.ofNanos(Math.max(0, notStarted * perRun + current + loads));
    }

    static String format(Duration d) {
        long s = d.toSeconds();
        return s >= 3600 ? String.format("%d:%02d:%02d", s / 3600, (s / 60) % 60, s % 60)
                : String.format("%d:%02d", s / 60, s % 60);
    }
}
