package org.pgknobs.experiment;

/**
 * {@code repeats: auto}: interleaved rounds until every step's 95 % interval against the step it is compared with
 * is clear of 1 or narrower than {@code target}, between {@code min} and {@code max} rounds (the rule is
 * {@code stats.AutoRepeats}; docs/statistics.md).
 *
 * @param min    the fewest rounds (at least 2: one repeat has no interval)
 * @param max    the most rounds
 * @param target the relative half-width that counts as narrow, e.g. 0.03 for 3 %
 */
public record RepeatsAuto(int min, int max, double target) {

    public static final int DEFAULT_MIN = 3;
    public static final int DEFAULT_MAX = 6;
    public static final double DEFAULT_TARGET = 0.03;

    public RepeatsAuto {
        if (min < 2 || max < min || !(target > 0 && target < 1)) {
            throw new IllegalArgumentException("repeats auto needs 2 <= min <= max and 0 < target < 1, got min "
                    + min + ", max " + max + ", target " + target);
        }
    }

    public static RepeatsAuto defaults() {
        return new RepeatsAuto(DEFAULT_MIN, DEFAULT_MAX, DEFAULT_TARGET);
    }

    /** "auto 3..6 rounds, target ±3 %": how plans and logs name it. */
    public String describe() {
        return String.format(java.util.Locale.ROOT, "auto %d..%d rounds, target ±%s %%", min, max,
                stripZeros(target * 100));
    }

    private static String stripZeros(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
