package org.pgknobs.stats;

/**
 * A step's effect against a reference (the base, or in a cumulative experiment the step before) from their
 * repeats: the reported interval and its distribution-free companion.
 *
 * <p>{@link #reported()} is Welch on logs ({@link WelchLogRatio}): in the coverage simulations
 * (CoverageSimulationTest, docs/statistics.md) it holds 95 % at 3, 5 and 10 repeats for normal, lognormal,
 * gamma and "occasional slow run" noise, and it gives an interval from 2 repeats per side, where users run. The
 * Hodges–Lehmann interval ({@link HodgesLehmannLogRatio}) holds its level by construction but exists only from
 * 4 repeats per side and is wider at 4–5; it is kept beside the reported one, with the Mann–Whitney p-value, as
 * benchstat does, for readers who distrust a normal model.
 *
 * @param referenceRepeats how many repeats the reference has
 * @param stepRepeats      how many repeats the step has
 * @param welch            Welch's t interval on logs, with the Welch t-test's p-value
 * @param hodgesLehmann    the Hodges–Lehmann interval, with the Mann–Whitney U p-value
 */
public record Effect(int referenceRepeats, int stepRepeats, RatioResult welch, RatioResult hodgesLehmann) {

    /** The 95 % effect of {@code step} against {@code reference} (repeats' throughputs, higher is better or not). */
    public static Effect of(double[] reference, double[] step) {
        return new Effect(reference.length, step.length, reportedInterval(reference, step),
                HodgesLehmannLogRatio.estimate(reference, step));
    }

    /** Only the reported 95 % interval, for callers that need no companion (the stopping rule). */
    public static RatioResult reportedInterval(double[] reference, double[] step) {
        return WelchLogRatio.estimate(reference, step);
    }

    /** The interval the report prints and the verdicts use. */
    public RatioResult reported() {
        return welch;
    }
}
