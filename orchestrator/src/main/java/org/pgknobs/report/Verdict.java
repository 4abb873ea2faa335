package org.pgknobs.report;

import java.util.Locale;

/**
 * Whether a step reproduced its published effect, judged on our 95 % interval (from the run's own repeats), never on
 * the point estimate alone. Ours and the published effect are ratios against the base in the same orientation
 * (cumulative: ×slower; variants: value ÷ base); the rule is the same either way up (docs/statistics.md, "Verdicts").
 *
 * <p>The published value has no interval, so its direction is read with his ±{@value #NO_CHANGE_PERCENT} % band: above
 * 1.05 it rose, below 0.95 it fell, in between it shows no change. Its <em>region</em> is the ratios on its side of 1
 * within ×{@value #FACTOR} of it: [max(1, P/2), 2P] for P &gt; 1, [P/2, min(1, 2P)] for P &lt; 1. Our direction is
 * {@link Mark}'s: the interval wholly on one side of 1 (and of the base's drift, when known).
 * <ul>
 *   <li>undecided: no interval (one repeat on a side, or a repeat that completed nothing with no bound): the point
 *       estimate alone decides nothing;
 *   <li>reproduced: our interval excludes no-change in the published direction and overlaps the published region;
 *       a one-sided bound (a step that completed nothing) is at best direction only, as it cannot show a size;
 *   <li>direction only: our interval excludes no-change in the published direction but lies wholly outside the
 *       published region;
 *   <li>not reproduced: our interval lies wholly outside the published region and does not show the published
 *       direction (it shows the other one, or holds 1 yet excludes every ratio within ×2 of the published one); for
 *       a published value inside ±5 %: ours is marked;
 *   <li>within noise: our interval holds 1 (or the drift) and overlaps the published region (or the published
 *       value is inside ±5 %): ours cannot tell.
 *   <li>within drift: the interval is clear of 1 but not of the bracketed base's drift: the machine moved as much.
 * </ul>
 */
public enum Verdict {
    REPRODUCED("reproduced"),
    DIRECTION_ONLY("direction only"),
    NOT_REPRODUCED("not reproduced"),
    WITHIN_NOISE("within noise"),
    UNDECIDED("undecided"),
    /** Clear of 1, but not of the bracketed base's drift: not separable from the machine (docs/statistics.md). */
    WITHIN_DRIFT("within drift");

    /**
     * Why a step run with {@code --steps-only} has no verdict: its settings are not the chain's, so the
     * published value is not its own (the tables print it in the verdict column).
     */
    public static final String NOT_THE_PUBLISHED_STEP = "steps-only: not the published step";

    static final double FACTOR = 2;
    static final int NO_CHANGE_PERCENT = 5;
    /** His ±5 % "no change" band, applied to the published value only (it has no interval). */
    static final double NO_CHANGE = NO_CHANGE_PERCENT / 100.0;

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The verdict of an effect with no drift to allow for; see {@link #of(EffectInterval, Double, double)}. */
    public static Verdict of(EffectInterval ours, Double published) {
        return of(ours, published, 1);
    }

    /**
     * Null when there is nothing to judge (the base step itself, no published value, nothing measured).
     *
     * @param ours      our effect with its interval, in the published value's orientation; an interval with only a
     *                  lower end is a bound (nothing completed); one without ends is {@link #UNDECIDED}
     * @param published the published effect, in the same orientation
     * @param drift     the base's drift across the run (see {@link Mark#of(Double, Double, double)}), 1 when unknown
     */
    public static Verdict of(EffectInterval ours, Double published, double drift) {
        if (ours == null || published == null || !(published > 0) || published.isInfinite()) {
            return null;
        }
        if (!ours.present()) {
            return UNDECIDED;
        }
        Mark mark = Mark.of(ours, drift);
        if (!mark.shown() && Mark.of(ours).shown()) {
            return WITHIN_DRIFT;
        }
        int b = direction(published);
        if (b == 0) {
            return mark.shown() ? NOT_REPRODUCED : WITHIN_NOISE;
        }
        Mark publishedMark = b > 0 ? Mark.UP : Mark.DOWN;
        double regionLow = b > 0 ? Math.max(1, published / FACTOR) : published / FACTOR;
        double regionHigh = b > 0 ? published * FACTOR : Math.min(1, published * FACTOR);
        boolean overlaps = (ours.lower() == null || ours.lower() <= regionHigh)
                && (ours.upper() == null || ours.upper() >= regionLow);
        if (mark == publishedMark) {
            return overlaps && !ours.bound() ? REPRODUCED : DIRECTION_ONLY;
        }
        return overlaps ? WITHIN_NOISE : NOT_REPRODUCED;
    }

    /** +1 above 1.05, −1 below 0.95, 0 in between: the published value's direction (it has no interval). */
    static int direction(double effect) {
        return effect > 1 + NO_CHANGE ? 1 : effect < 1 - NO_CHANGE ? -1 : 0;
    }

    /**
     * "3 of 6 published steps reproduced …; 2 direction only; 1 not reproduced; 0 within noise; 1 undecided (no
     * interval: 1 repeat)": undecided steps are counted apart, never among the verdicts that read as an effect.
     */
    public static String summary(java.util.Map<Verdict, Long> counts, long published) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%d of %d published steps reproduced (interval"
                + " clear of no-change in the published direction and within ×2 of the published effect)",
                counts.getOrDefault(REPRODUCED, 0L), published));
        for (Verdict v : new Verdict[] {DIRECTION_ONLY, NOT_REPRODUCED, WITHIN_NOISE, WITHIN_DRIFT}) {
            if (v == WITHIN_DRIFT && !counts.containsKey(v)) {
                continue;
            }
            sb.append(String.format(Locale.ROOT, "; %d %s", counts.getOrDefault(v, 0L), v.label()));
        }
        long undecided = counts.getOrDefault(UNDECIDED, 0L);
        if (undecided > 0) {
            sb.append(String.format(Locale.ROOT, "; %d undecided (no interval from the run's repeats)", undecided));
        }
        long none = published - counts.values().stream().mapToLong(Long::longValue).sum();
        if (none > 0) {
            sb.append(String.format(Locale.ROOT, "; %d without a verdict (not measured)", none));
        }
        return sb.toString();
    }
}
