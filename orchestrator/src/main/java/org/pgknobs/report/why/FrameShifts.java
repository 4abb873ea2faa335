package org.pgknobs.report.why;

/**
 * The profile test behind the differential flame graph's colours (docs/statistics.md, "Shift tests"): a frame's share
 * of the server's CPU samples changed when its two-sided two-proportion z-test passes Holm's correction over every
 * frame drawn at {@link ShiftTests#FAMILY_ALPHA}, and the change is at least {@value #MIN_POINTS} point (as
 * {@code ServerCpuMoved}). A frame that does not pass is drawn grey: no direction shown.
 */
public final class FrameShifts {

    static final double MIN_POINTS = ServerCpuMoved.MIN_POINTS;

    private FrameShifts() {
    }

    /**
     * Which frames changed share, by the test above.
     *
     * @param after  each frame's samples in the step; {@code afterTotal} the step's samples
     * @param before each frame's samples in the compared step, in the same order; {@code beforeTotal} its samples
     */
    public static boolean[] changed(long[] after, long afterTotal, long[] before, long beforeTotal) {
        double[] p = new double[after.length];
        for (int i = 0; i < after.length; i++) {
            double gained = ShiftTests.gainP(before[i], beforeTotal, after[i], afterTotal);
            double lost = ShiftTests.gainP(after[i], afterTotal, before[i], beforeTotal);
            p[i] = Math.min(1, 2 * Math.min(gained, lost));
        }
        boolean[] rejected = ShiftTests.holm(p, ShiftTests.FAMILY_ALPHA);
        for (int i = 0; i < after.length; i++) {
            double points = afterTotal <= 0 || beforeTotal <= 0 ? 0
                    : Math.abs(100.0 * after[i] / afterTotal - 100.0 * before[i] / beforeTotal);
            rejected[i] = rejected[i] && points >= MIN_POINTS;
        }
        return rejected;
    }

    /** How the legend states the test: "two-sided two-proportion z-test, Holm over 312 frames at 0.05, ≥ 1 point". */
    public static String stated(int frames) {
        return String.format(java.util.Locale.ROOT, "two-sided two-proportion z-test on the samples, Holm over %d frames"
                + " at %.2f, and a change of at least %s point", frames, ShiftTests.FAMILY_ALPHA, Numbers.brief(MIN_POINTS));
    }
}
