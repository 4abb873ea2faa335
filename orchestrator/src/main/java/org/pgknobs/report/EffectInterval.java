package org.pgknobs.report;

import java.util.List;
import org.pgknobs.stats.Effect;
import org.pgknobs.stats.NoInterval;
import org.pgknobs.stats.RatioInterval;
import org.pgknobs.stats.RatioResult;
import org.pgknobs.stats.SlowdownBound;
import org.pgknobs.stats.WelchLogRatio;

/**
 * A step's effect against a reference (the base, or the step before) with its 95 % interval from the repeats,
 * as report.json carries it: the reported interval of {@link Effect} (Welch's t on logs, docs/statistics.md),
 * or why there is none. Oriented as the table beside it reads: {@link #slowdown} is reference ÷ step (the
 * steps table's ×slower), {@link #ratio} step ÷ reference (a sweep's relative value).
 *
 * <p>A step that completed nothing in some repeat has no log, so no Welch interval; its slowdown then gets a lower
 * bound ({@link SlowdownBound}, method {@code poisson-garwood-bound}) from its committed count: {@link #ratio} and
 * {@link #upper} are null, {@link #lower} is the bound.
 *
 * @param against       the reference step's name
 * @param method        the interval's method ({@code welch-log}, or {@code poisson-garwood-bound} for a bound)
 * @param n             the step's repeats with a throughput
 * @param referenceN    the reference's repeats with a throughput
 * @param ratio         the estimate (ratio of geometric means); null without an interval, and for a bound
 * @param lower         the interval's lower end; null without an interval
 * @param upper         the interval's upper end; null without an interval, and for a bound
 * @param confidence    0.95, or null without an interval
 * @param pValue        two-sided p of "no effect" (Welch t-test on logs); null without an interval
 * @param noInterval    why there is no interval ("1 repeat of the base: no spread to estimate, so no interval"),
 *                      null when there is one
 * @param repeatsNeeded repeats per side at which there would be one (0: more would not help), null with one
 * @param note          how the run's noise model made it, where not from the two sides' own repeats alone ("spread
 *                      pooled over 9 steps (df 10); 1 repeat of the step: equal spread assumed"), or why a step keeps
 *                      its own Welch interval; null for a plain Welch interval ({@link RunNoise})
 */
public record EffectInterval(String against, String method, int n, int referenceN, Double ratio, Double lower,
                             Double upper, Double confidence, Double pValue, String noInterval, Integer repeatsNeeded,
                             String note) {

    /** Without a note: the two sides' own repeats made it (or no interval). */
    public EffectInterval(String against, String method, int n, int referenceN, Double ratio, Double lower,
                          Double upper, Double confidence, Double pValue, String noInterval, Integer repeatsNeeded) {
        this(against, method, n, referenceN, ratio, lower, upper, confidence, pValue, noInterval, repeatsNeeded, null);
    }

    /**
     * How an interval is made from the two sides' repeats: Welch's on their own ({@link #OWN_REPEATS}), or a run's
     * pooled noise model ({@link RunNoise}).
     */
    interface Estimator {

        /** step ÷ reference, from the throughputs of both sides (all positive). */
        RatioResult estimate(double[] reference, double[] step);

        /** What the report says of how {@code result} was made; null when nothing beyond Welch's own repeats. */
        default String note(RatioResult result, int n, int referenceN) {
            return null;
        }
    }

    /** Welch's interval on the two sides' own repeats ({@link Effect#reportedInterval}). */
    static final Estimator OWN_REPEATS = Effect::reportedInterval;

    /** reference ÷ step: how many times slower the step ran. */
    public static EffectInterval slowdown(String against, List<Double> reference, List<Double> step) {
        return slowdown(against, reference, step, OWN_REPEATS);
    }

    static EffectInterval slowdown(String against, List<Double> reference, List<Double> step, Estimator estimator) {
        EffectInterval r = of(against, reference, step, estimator);
        // the interval is symmetric on logs: inverting the ratio inverts and swaps its ends
        return !r.present() ? r : new EffectInterval(against, r.method(), r.n(), r.referenceN(), 1 / r.ratio(),
                1 / r.upper(), 1 / r.lower(), r.confidence(), r.pValue(), null, null, r.note());
    }

    /**
     * reference ÷ step as {@link #slowdown(String, List, List)}, and where the step completed nothing in some repeat
     * (and the reference always did) a lower bound from the step's committed count over its measured seconds.
     *
     * @param stepSeconds each step repeat's measured seconds, in the order of {@code step}
     */
    public static EffectInterval slowdown(String against, List<Double> reference, List<Double> step,
                                          List<Double> stepSeconds) {
        return slowdown(against, reference, step, stepSeconds, OWN_REPEATS);
    }

    /** As {@link #slowdown(String, List, List, List)}, the interval made by {@code estimator}. */
    static EffectInterval slowdown(String against, List<Double> reference, List<Double> step, List<Double> stepSeconds,
                                   Estimator estimator) {
        boolean stepHasZero = step.stream().anyMatch(v -> v == 0);
        boolean referenceAllPositive = reference.stream().allMatch(v -> v > 0);
        if (!stepHasZero || !referenceAllPositive || stepSeconds.size() != step.size()
                || step.stream().anyMatch(v -> v < 0) || stepSeconds.stream().anyMatch(t -> !(t > 0))) {
            return slowdown(against, reference, step, estimator);
        }
        if (reference.size() < 2) {
            return new EffectInterval(against, SlowdownBound.METHOD, step.size(), reference.size(), null, null, null,
                    null, null, reference.size() + " repeat of the " + against
                    + ": no spread to estimate, so no interval", 2);
        }
        long events = 0;
        double seconds = 0;
        for (int i = 0; i < step.size(); i++) {
            // a throughput is committed ÷ seconds: the product is the count it came from
            events += Math.round(step.get(i) * stepSeconds.get(i));
            seconds += stepSeconds.get(i);
        }
        SlowdownBound b = SlowdownBound.of(values(reference), events, seconds, 0.95);
        return new EffectInterval(against, SlowdownBound.METHOD, step.size(), reference.size(), null, b.lower(), null,
                b.confidence(), null, null, null);
    }

    /** step ÷ reference: the step's value relative to the reference's. */
    public static EffectInterval ratio(String against, List<Double> reference, List<Double> step) {
        return of(against, reference, step, OWN_REPEATS);
    }

    /** step ÷ reference, the interval made by {@code estimator}. */
    static EffectInterval ratio(String against, List<Double> reference, List<Double> step, Estimator estimator) {
        return of(against, reference, step, estimator);
    }

    private static EffectInterval of(String against, List<Double> denominator, List<Double> numerator,
                                     Estimator estimator) {
        int n = numerator.size();
        int referenceN = denominator.size();
        boolean referenceNothing = denominator.stream().anyMatch(v -> !(v > 0));
        if (referenceNothing || numerator.stream().anyMatch(v -> !(v > 0))) {
            return new EffectInterval(against, WelchLogRatio.METHOD, n, referenceN, null, null, null, null, null,
                    referenceNothing ? against + " completed nothing in a repeat too: no ratio, so no interval"
                            : "a repeat completed nothing: no ratio on logs, so no interval", null);
        }
        RatioResult r = estimator.estimate(values(denominator), values(numerator));
        String note = estimator.note(r, n, referenceN);
        if (r instanceof RatioInterval i) {
            return new EffectInterval(against, i.method(), n, referenceN, i.ratio(), i.lower(), i.upper(),
                    i.confidence(), i.pValue(), null, null, note);
        }
        NoInterval none = (NoInterval) r;
        return new EffectInterval(against, none.method(), n, referenceN, null, null, null, null, null, none.reason(),
                none.repeatsNeeded(), note);
    }

    private static double[] values(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** Whether there is an interval or a bound (else {@link #noInterval} says why). */
    public boolean present() {
        return lower != null || upper != null;
    }

    /** A one-sided bound (a step that completed nothing), not a two-sided interval around an estimate. */
    public boolean bound() {
        return present() && ratio == null;
    }

    /** "Within noise": there is an interval and it holds 1. */
    public boolean containsOne() {
        return contains(1.0);
    }

    /** Whether a ratio (a published effect) lies inside the interval, ends included; false without one. */
    public boolean contains(double someRatio) {
        return present() && (lower == null || lower <= someRatio) && (upper == null || someRatio <= upper);
    }
}
