package org.pgknobs.run;

import java.io.PrintStream;
import java.time.Duration;
import org.pgknobs.workload.ProgressListener;

/**
 * One progress display for a suite: which step of how many, which phase, elapsed and ETA. Prints a line
 * when the phase changes and at most every {@code every} within a phase, so logs of long CI or nohup
 * runs stay readable (no carriage-return animation).
 */
public final class SuiteProgress implements ProgressListener {

    private final PrintStream out;
    private final long startNanos = System.nanoTime();
    private final Duration estimate;
    private final Duration every;
    private final int totalSteps;
    private int step;
    private String stepName = "";
    private String lastPhase = "";
    private long lastPrint;
    private long stepStartNanos = System.nanoTime();
    private Duration doneEstimate = Duration.ZERO;
    private Duration stepEstimate = Duration.ZERO;

    public SuiteProgress(PrintStream out, int totalSteps, Duration estimate, Duration every) {
        this.out = out;
        this.totalSteps = totalSteps;
        this.estimate = estimate;
        this.every = every;
    }

    /** A step begins; {@code stepEstimate} is its expected share of the suite's time. */
    public synchronized void stepStarted(int ordinal, String name, Duration stepEstimate) {
        this.doneEstimate = doneEstimate.plus(this.stepEstimate);
        this.step = ordinal;
        this.stepName = name;
        this.stepEstimate = stepEstimate;
        this.stepStartNanos = System.nanoTime();
        this.lastPhase = "";
        out.printf("[%d/%d %s] starting (elapsed %s, ETA %s)%n", step, totalSteps, stepName,
                format(elapsed()), format(eta()));
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
                format(elapsed()), format(eta()));
    }

    private Duration elapsed() {
        return Duration.ofNanos(System.nanoTime() - startNanos);
    }

    /** Planned time of the steps not yet finished, less what the current step has used so far. */
    private Duration eta() {
        Duration inStep = Duration.ofNanos(System.nanoTime() - stepStartNanos);
        Duration eta = estimate.minus(doneEstimate).minus(inStep);
        return eta.isNegative() ? Duration.ZERO : eta;
    }

    static String format(Duration d) {
        long s = d.toSeconds();
        return s >= 3600 ? String.format("%d:%02d:%02d", s / 3600, (s / 60) % 60, s % 60)
                : String.format("%d:%02d", s / 60, s % 60);
    }
}
