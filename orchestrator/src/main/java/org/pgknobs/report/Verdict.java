package org.pgknobs.report;

import java.util.Locale;

/**
 * Whether a step reproduced its published effect. Effects are ratios against the base step in the same
 * orientation for ours and the published one (cumulative: ×slower; variants: value ÷ base):
 * <ul>
 *   <li>reproduced: same direction and within ×{@value #FACTOR} of the published effect (|ln ours − ln published| ≤ ln 2);
 *   <li>direction only: same direction, further apart than ×2, or ours is only a bound (nothing completed);
 *   <li>not reproduced: opposite directions, or one moved (beyond ±5 %) and the other did not;
 *   <li>within noise: the step's median lies inside the base's min–max over repeats: ours shows nothing;
 *   <li>within drift: the interval is clear of 1 but not of the bracketed base's drift (set by the report's builder).
 * </ul>
 */
public enum Verdict {
    REPRODUCED("reproduced"),
    DIRECTION_ONLY("direction only"),
    NOT_REPRODUCED("not reproduced"),
    WITHIN_NOISE("within noise"),
    /** Clear of 1, but not of the bracketed base's drift: not separable from the machine (docs/statistics.md). */
    WITHIN_DRIFT("within drift");

    /**
     * Why a step run with {@code --steps-only} has no verdict: its settings are not the chain's, so the
     * published value is not its own (the tables print it in the verdict column).
     */
    public static final String NOT_THE_PUBLISHED_STEP = "steps-only: not the published step";

    static final double FACTOR = 2;
    /** His ±5 % "no change" band, as in {@link Band}. */
    static final double NO_CHANGE = 0.05;

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /**
     * Null when either effect is missing (the base step itself, no published value, nothing measured).
     *
     * @param bound ours is a bound: the true effect lies at least this far from 1 (nothing completed in the window)
     */
    public static Verdict of(Double ours, boolean bound, Double published, boolean withinNoise) {
        if (ours == null || published == null || ours <= 0 || published <= 0 || ours.isInfinite()) {
            return null;
        }
        if (withinNoise) {
            return WITHIN_NOISE;
        }
        int a = direction(ours);
        int b = direction(published);
        if (a != b) {
            return NOT_REPRODUCED;
        }
        if (bound) {
            return DIRECTION_ONLY;
        }
        return Math.abs(Math.log(ours / published)) <= Math.log(FACTOR) + 1e-12 ? REPRODUCED : DIRECTION_ONLY;
    }

    /** +1 above 1.05, −1 below 0.95, 0 in between. */
    static int direction(double effect) {
        return effect > 1 + NO_CHANGE ? 1 : effect < 1 - NO_CHANGE ? -1 : 0;
    }

    /** "3 of 6 published steps reproduced within ×2, 2 in direction only, 1 not reproduced". */
    public static String summary(java.util.Map<Verdict, Long> counts, long published) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%d of %d published steps reproduced (within ×2 of the"
                + " published effect, same direction)", counts.getOrDefault(REPRODUCED, 0L), published));
        for (Verdict v : new Verdict[] {DIRECTION_ONLY, NOT_REPRODUCED, WITHIN_NOISE, WITHIN_DRIFT}) {
            if (v == WITHIN_DRIFT && !counts.containsKey(v)) {
                continue;
            }
            sb.append(String.format(Locale.ROOT, "; %d %s", counts.getOrDefault(v, 0L), v.label()));
        }
        long none = published - counts.values().stream().mapToLong(Long::longValue).sum();
        if (none > 0) {
            sb.append(String.format(Locale.ROOT, "; %d without a verdict (not measured)", none));
        }
        return sb.toString();
    }
}
