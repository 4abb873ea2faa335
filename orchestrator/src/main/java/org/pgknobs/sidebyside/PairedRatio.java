package org.pgknobs.sidebyside;

import java.util.LinkedHashMap;
import java.util.Map;
import org.pgknobs.stats.NoInterval;
import org.pgknobs.stats.PairedLogRatio;
import org.pgknobs.stats.RatioInterval;
import org.pgknobs.stats.RatioResult;
import org.pgknobs.stats.Stats;

/**
 * One ratio of a side-by-side bench as its JSON object: the geometric mean of the per-pair ratios subject /
 * reference with its 95 % paired t interval on logs ({@link PairedLogRatio}, docs/statistics.md), e.g.
 * {@code {"ratio":1.02,"lower":0.95,"upper":1.09,"confidence":0.95,"p_value":0.41,"method":"paired-t-log","pairs":3}};
 * without an interval, the reason instead of the ends.
 */
public final class PairedRatio {

    private PairedRatio() {
    }

    public static Map<String, Object> of(double[] reference, double[] subject) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < reference.length; i++) {
            String unusable = unusable(reference[i], "reference").orElse(unusable(subject[i], "subject").orElse(null));
            if (unusable != null) {
                m.put("ratio", null);
                m.put("no_interval", "pair " + (i + 1) + ": " + unusable + ", so no ratio");
                m.put("pairs", reference.length);
                return m;
            }
        }
        RatioResult r = PairedLogRatio.estimate(reference, subject);
        if (r instanceof RatioInterval i) {
            m.put("ratio", Stats.round3(i.ratio()));
            m.put("lower", Stats.round3(i.lower()));
            m.put("upper", Stats.round3(i.upper()));
            m.put("confidence", i.confidence());
            m.put("p_value", new java.math.BigDecimal(i.pValue()).round(new java.math.MathContext(3)).doubleValue());
        } else {
            NoInterval none = (NoInterval) r;
            m.put("ratio", Stats.round3(geometricMeanRatio(reference, subject)));
            m.put("no_interval", none.reason());
            m.put("pairs_needed", none.repeatsNeeded());
        }
        m.put("method", r.method());
        m.put("pairs", reference.length);
        return m;
    }

    private static java.util.Optional<String> unusable(double v, String side) {
        if (Double.isNaN(v)) {
            return java.util.Optional.of("the " + side + " has no figure");
        }
        return v > 0 && !Double.isInfinite(v) ? java.util.Optional.empty() : java.util.Optional.of("the " + side + " is " + v);
    }

    private static double geometricMeanRatio(double[] reference, double[] subject) {
        double sum = 0;
        for (int i = 0; i < reference.length; i++) {
            sum += Math.log(subject[i] / reference[i]);
        }
        return Math.exp(sum / reference.length);
    }
}
