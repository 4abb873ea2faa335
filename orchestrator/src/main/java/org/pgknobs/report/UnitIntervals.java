package org.pgknobs.report;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.pgknobs.experiment.plan.AblationPlan;
import org.pgknobs.stats.NoInterval;
import org.pgknobs.stats.RatioInterval;
import org.pgknobs.stats.RatioResult;
import org.pgknobs.stats.WelchLogContrast;

/**
 * An ablation unit's two effects with their 95 % intervals from the repeats (see {@link EffectInterval}): left
 * out, how many times faster the full set runs without it (without-U ÷ full); added alone, how many times slower
 * the base runs with it (base ÷ only-U); and the interaction, exp(leave-one-out − add-one-in on the mean logs) =
 * (without-U × only-U) ÷ (full × base), 1 when U removes what it adds ({@link WelchLogContrast}). Null where a run was
 * not measured.
 */
public record UnitIntervals(String unit, EffectInterval leaveOneOut, EffectInterval addOneIn, EffectInterval interaction) {

    /** @param throughputs run name (base, full, without-U, only-U) → headline throughput per done repeat */
    public static List<UnitIntervals> of(Collection<String> units, Map<String, List<Double>> throughputs) {
        List<Double> base = throughputs.getOrDefault(AblationPlan.BASE, List.of());
        List<Double> full = throughputs.getOrDefault(AblationPlan.FULL, List.of());
        return units.stream().map(u -> {
            List<Double> without = throughputs.getOrDefault(AblationPlan.WITHOUT + u, List.of());
            List<Double> only = throughputs.getOrDefault(AblationPlan.ONLY + u, List.of());
            return new UnitIntervals(u,
                    full.isEmpty() || without.isEmpty() ? null : EffectInterval.ratio(AblationPlan.FULL, full, without),
                    base.isEmpty() || only.isEmpty() ? null : EffectInterval.slowdown(AblationPlan.BASE, base, only),
                    base.isEmpty() || full.isEmpty() || without.isEmpty() || only.isEmpty() ? null
                            : interaction(List.of(without, only), List.of(full, base)));
        }).toList();
    }

    private static EffectInterval interaction(List<List<Double>> plus, List<List<Double>> minus) {
        int n = plus.get(0).size();
        int referenceN = minus.get(0).size();
        if (java.util.stream.Stream.concat(plus.stream(), minus.stream()).flatMap(List::stream).anyMatch(v -> !(v > 0))) {
            return new EffectInterval(AblationPlan.FULL, WelchLogContrast.METHOD, n, referenceN, null, null, null, null,
                    null, "a repeat completed nothing: no logs, so no interval", null);
        }
        RatioResult r = WelchLogContrast.estimate(plus.stream().map(UnitIntervals::values).toList(),
                minus.stream().map(UnitIntervals::values).toList());
        if (r instanceof RatioInterval i) {
            return new EffectInterval(AblationPlan.FULL, i.method(), n, referenceN, i.ratio(), i.lower(), i.upper(),
                    i.confidence(), i.pValue(), null, null);
        }
        NoInterval none = (NoInterval) r;
        return new EffectInterval(AblationPlan.FULL, none.method(), n, referenceN, null, null, null, null, null,
                none.reason(), none.repeatsNeeded());
    }

    private static double[] values(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
