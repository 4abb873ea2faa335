package org.pgknobs.ablation;

/**
 * The headline metric on the log scale. A run that completed nothing in its window has no logarithm: it
 * counts as half a request in the window (below anything measurable, and finite), and says so.
 */
public record LogThroughput(double value, boolean floored) {

    public static LogThroughput of(double perSecond, double windowSeconds) {
        if (perSecond > 0) {
            return new LogThroughput(Math.log(perSecond), false);
        }
        return new LogThroughput(Math.log(0.5 / Math.max(windowSeconds, 1e-3)), true);
    }
}
