package org.pgknobs.report;

import java.util.Locale;
import java.util.Map;

/**
 * Whether a step reproduced its published effect P, judged on our 95 % interval, never on the point estimate alone,
 * and on the log scale, so that a speed-up and a slowdown of the same size get the same verdict (P = 0.76 and
 * P = 1/0.76, each with its interval inverted, read alike). Ours and P are ratios against the base in the same
 * orientation (cumulative: ×slower; variants: value ÷ base). P has no interval; its <em>tolerance</em> is the ratios
 * within ×{@value #TOLERANCE} of it, [P/{@value #TOLERANCE}, P·{@value #TOLERANCE}] (docs/statistics.md,
 * "Verdicts", says why that factor). Our direction is the mark the report shows ({@link Mark}, after the page's
 * multiplicity control): the interval clear of 1 and of the base's drift.
 *
 * <table>
 *   <caption>The verdict table (first row that applies)</caption>
 *   <tr><th>verdict</th><th>rule</th></tr>
 *   <tr><td>no interval</td><td>the repeats give no interval (nor a bound): the point estimate decides nothing</td></tr>
 *   <tr><td>within drift</td><td>the interval clears 1 but the base's drift explains the difference</td></tr>
 *   <tr><td>reproduced</td><td>the interval lies wholly within P's tolerance; or it shows P's direction and overlaps
 *       P's tolerance (a one-sided bound cannot: it shows no size)</td></tr>
 *   <tr><td>same direction, smaller</td><td>it shows P's direction and lies wholly between 1 and P's tolerance</td></tr>
 *   <tr><td>same direction, larger</td><td>it shows P's direction and lies wholly beyond P's tolerance</td></tr>
 *   <tr><td>not reproduced: rules P out</td><td>it holds 1 (no direction) and excludes P's tolerance</td></tr>
 *   <tr><td>contradicted</td><td>it shows the other direction (or any, for P = 1) and excludes P's tolerance</td></tr>
 *   <tr><td>undecided</td><td>what remains: it holds 1 or shows the other direction, yet overlaps P's tolerance
 *       (holds both 1 and P, in effect); or a bound that reaches P's tolerance</td></tr>
 * </table>
 * Smaller and larger carry the factor between ours and P ({@link #factor}).
 */
public enum Verdict {
    REPRODUCED("reproduced"),
    SMALLER("same direction, smaller"),
    LARGER("same direction, larger"),
    RULES_OUT("not reproduced: rules P out"),
    CONTRADICTED("contradicted"),
    UNDECIDED("undecided"),
    /** Clear of 1, but the base's drift explains the difference: not separable from the machine (docs/statistics.md). */
    WITHIN_DRIFT("within drift"),
    NO_INTERVAL("no interval");

    /**
     * Why a step run with {@code --steps-only} has no verdict: its settings are not the chain's, so the
     * published value is not its own (the tables print it in the verdict column).
     */
    public static final String NOT_THE_PUBLISHED_STEP = "steps-only: not the published step";

    /**
     * How far ours may lie from P, as a factor either way on the log scale, and still be the same effect: the
     * difference between his machine and ours (docs/statistics.md, "Verdicts": where ours and his were measured at
     * matched scale they agree within ×1.03, and a verdict must tell ×1.5 from 1.02).
     */
    public static final double TOLERANCE = 1.25;

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The verdict whose {@link #label()} this is (report.json carries labels); null for none. */
    public static Verdict ofLabel(String label) {
        for (Verdict v : values()) {
            if (v.label.equals(label)) {
                return v;
            }
        }
        return null;
    }

    /** The verdict of an effect with no drift to allow for; see {@link #of(EffectInterval, Double, double)}. */
    public static Verdict of(EffectInterval ours, Double published) {
        return of(ours, published, 1);
    }

    /** The verdict with the plain interval's mark within the drift band {@code drift} ({@link Mark#of(EffectInterval, double)}). */
    public static Verdict of(EffectInterval ours, Double published, double drift) {
        Mark mark = Mark.of(ours, drift);
        return of(ours, published, mark, !mark.shown() && Mark.of(ours).shown());
    }

    /**
     * Null when there is nothing to judge (the base step itself, no published value, nothing measured).
     *
     * @param ours        our effect with its interval, in P's orientation; an interval with one end is a bound (a step
     *                    that completed nothing); one without ends gives {@link #NO_INTERVAL}
     * @param published   P, in the same orientation
     * @param mark        the direction the report shows for {@code ours} (clear of 1 and of the drift, at the page's
     *                    adjusted level: {@link PageMarks})
     * @param withinDrift whether ours is clear of 1 only within what the base's drift explains
     */
    public static Verdict of(EffectInterval ours, Double published, Mark mark, boolean withinDrift) {
        if (ours == null || published == null || !(published > 0) || published.isInfinite()) {
            return null;
        }
        if (!ours.present()) {
            return NO_INTERVAL;
        }
        if (withinDrift) {
            return WITHIN_DRIFT;
        }
        double p = Math.log(published);
        double t = Math.log(TOLERANCE);
        double lo = ours.lower() == null ? Double.NEGATIVE_INFINITY : Math.log(ours.lower());
        double hi = ours.upper() == null ? Double.POSITIVE_INFINITY : Math.log(ours.upper());
        if (lo >= p - t && hi <= p + t) {
            return REPRODUCED;
        }
        boolean overlaps = lo <= p + t && hi >= p - t;
        int ourSide = mark == Mark.UP ? 1 : mark == Mark.DOWN ? -1 : 0;
        int pSide = (int) Math.signum(p);
        if (ourSide == 0) {
            return overlaps ? UNDECIDED : RULES_OUT;
        }
        if (ourSide != pSide) {
            return overlaps ? UNDECIDED : CONTRADICTED;
        }
        if (overlaps) {
            return ours.bound() ? UNDECIDED : REPRODUCED;
        }
        // clear of P's tolerance on P's side of 1: nearer 1 than it (smaller) or beyond it (larger)
        boolean nearer = pSide > 0 ? hi < p - t : lo > p + t;
        return nearer ? SMALLER : LARGER;
    }

    /**
     * How many times smaller or larger ours is than P (≥ 1): exp |ln ours − ln P| from our estimate, or from the
     * bound's end for a bound; null without either.
     */
    public static Double factor(EffectInterval ours, Double published) {
        if (ours == null || published == null || !(published > 0)) {
            return null;
        }
        Double estimate = ours.ratio() != null ? ours.ratio() : ours.lower() != null ? ours.lower() : ours.upper();
        return estimate == null || !(estimate > 0) ? null : Math.exp(Math.abs(Math.log(estimate / published)));
    }

    /** Whether ours shows P's direction, whatever its size (reproduced, smaller or larger): the agreement column. */
    public boolean sameDirection() {
        return this == REPRODUCED || this == SMALLER || this == LARGER;
    }

    /**
     * "3 of 6 published steps reproduced (…); 1 same direction, smaller; 0 same direction, larger; …": every class
     * counted, the steps with no verdict at all apart.
     */
    public static String summary(Map<Verdict, Long> counts, long published) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%d of %d published steps reproduced (the 95 %%"
                        + " interval within ×%.2f of the published effect, or clear of 1 on its side and reaching that"
                        + " far)", counts.getOrDefault(REPRODUCED, 0L), published, TOLERANCE));
        for (Verdict v : values()) {
            if (v != REPRODUCED) {
                sb.append(String.format(Locale.ROOT, "; %d %s", counts.getOrDefault(v, 0L), v.label()));
            }
        }
        long none = published - counts.values().stream().mapToLong(Long::longValue).sum();
        if (none > 0) {
            sb.append(String.format(Locale.ROOT, "; %d without a verdict (not measured)", none));
        }
        return sb.toString();
    }
}
