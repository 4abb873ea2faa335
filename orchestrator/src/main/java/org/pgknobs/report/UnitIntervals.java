package org.pgknobs.report;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.pgknobs.experiment.plan.AblationPlan;

/**
 * An ablation unit's two effects with their 95 % intervals from the repeats (see {@link EffectInterval}): left
 * out, how many times faster the full set runs without it (without-U ÷ full); added alone, how many times slower
 * the base runs with it (base ÷ only-U). Null where the run was not measured.
 */
public record UnitIntervals(String unit, EffectInterval leaveOneOut, EffectInterval addOneIn) {

    /** @param throughputs run name (base, full, without-U, only-U) → headline throughput per done repeat */
    public static List<UnitIntervals> of(Collection<String> units, Map<String, List<Double>> throughputs) {
        List<Double> base = throughputs.getOrDefault(AblationPlan.BASE, List.of());
        List<Double> full = throughputs.getOrDefault(AblationPlan.FULL, List.of());
        return units.stream().map(u -> {
            List<Double> without = throughputs.getOrDefault(AblationPlan.WITHOUT + u, List.of());
            List<Double> only = throughputs.getOrDefault(AblationPlan.ONLY + u, List.of());
            return new UnitIntervals(u,
                    full.isEmpty() || without.isEmpty() ? null : EffectInterval.ratio(AblationPlan.FULL, full, without),
                    base.isEmpty() || only.isEmpty() ? null : EffectInterval.slowdown(AblationPlan.BASE, base, only));
        }).toList();
    }
}
