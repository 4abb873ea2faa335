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
 */
public record EffectInterval(String against, String method, int n, int referenceN, Double ratio, Double lower,
                             Double upper, Double confidence, Double pValue, String noInterval, Integer repeatsNeeded) {

    /** reference ÷ step: how many times slower the step ran. */
    public static EffectInterval slowdown(String against, List<Double> reference, List<Double> step) {
        EffectInterval r = ratio(against, reference, step);
        // the interval is symmetric on logs: inverting the ratio inverts and swaps its ends
        return !r.present() ? r : new EffectInterval(against, r.method(), r.n(), r.referenceN(), 1 / r.ratio(),
                1 / r.upper(), 1 / r.lower(), r.confidence(), r.pValue(), null, null);
    }

    /**
     * reference ÷ step as {@link #slowdown(String, List, List)}, and where the step completed nothing in some repeat
     * (and the reference always did) a lower bound from the step's committed count over its measured seconds.
     *
     * @param stepSeconds each step repeat's measured seconds, in the order of {@code step}
     */
    public static EffectInterval slowdown(String against, List<Double> reference, List<Double> step,
                                          List<Double> stepSeconds) {
        boolean stepHasZero = step.stream().anyMatch(v -> v == 0);
        boolean referenceAllPositive = reference.stream().allMatch(v -> v > 0);
        if (!stepHasZero || !referenceAllPositive || stepSeconds.size() != step.size()
                || step.stream().anyMatch(v -> v < 0) || stepSeconds.stream().anyMatch(t -> !(t > 0))) {
            return slowdown(against, reference, step);
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
        return of(against, reference, step);
    }

    private static EffectInterval of(String against, List<Double> denominator, List<Double> numerator) {
        int n = numerator.size();
        int referenceN = denominator.size();
        boolean referenceNothing = denominator.stream().anyMatch(v -> !(v > 0));
        if (referenceNothing || numerator.stream().anyMatch(v -> !(v > 0))) {
            return new EffectInterval(against, WelchLogRatio.METHOD, n, referenceN, null, null, null, null, null,
                    referenceNothing ? against + " completed nothing in a repeat too: no ratio, so no interval"
                            : "a repeat completed nothing: no ratio on logs, so no interval", null);
        }
        RatioResult r = Effect.reportedInterval(values(denominator), values(numerator));
        if (r instanceof RatioInterval i) {
            return new EffectInterval(against, i.method(), n, referenceN, i.ratio(), i.lower(), i.upper(),
                    i.confidence(), i.pValue(), null, null);
        }
        NoInterval none = (NoInterval) r;
        return new EffectInterval(against, none.method(), n, referenceN, null, null, null, null, null, none.reason(),
                none.repeatsNeeded());
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
