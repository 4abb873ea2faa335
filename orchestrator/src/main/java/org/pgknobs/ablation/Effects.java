package org.pgknobs.ablation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.pgknobs.experiment.plan.AblationPlan;
import org.pgknobs.stats.RatioInterval;
import org.pgknobs.stats.RatioResult;
import org.pgknobs.stats.WelchLogContrast;

/**
 * Each unit's effect on ln(throughput), against the full slowdown S = ln T(base) − ln T(full):
 * <ul>
 * <li>leave-one-out: ln T(without U) − ln T(full), the part of the slowdown that disappears without U;</li>
 * <li>add-one-in: ln T(base) − ln T(only U), the slowdown U causes alone;</li>
 * <li>shares: each divided by S (1 = the whole slowdown);</li>
 * <li>noise: the half-range of ln T over the repeats of each of the two runs, added (null without repeats), a
 * description of the spread, not a test;</li>
 * <li>interaction: the 95 % interval of the interaction contrast, leave-one-out − add-one-in on the mean logs
 * ({@link WelchLogContrast}), excludes 0 (true) or holds it (false); null where a run has fewer than two repeats. With
 * no interaction on the log scale the two are equal: U removes as much as it adds.</li>
 * </ul>
 * Means of the logs over repeats (geometric means: the estimate the intervals are built around; with one or two
 * repeats the same as the median). A unit whose run has no measurement (e.g. rejected by PostgreSQL) gets nulls.
 */
public final class Effects {

    private Effects() {
    }

    /** ln T per repeat of one run; {@code mean} and {@code halfRange} over them. */
    public record Runs(List<Double> logs) {
        public Runs {
            logs = List.copyOf(logs);
        }

        /**
         * The mean of the logs: ln of the geometric mean, so every effect is the ratio of geometric means the
         * units' intervals are built around (one point estimate per comparison).
         */
        public double mean() {
            return logs.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        }

        /** Null with a single value: one run says nothing about its noise. */
        public Double halfRange() {
            return logs.size() < 2 ? null : (logs.stream().mapToDouble(d -> d).max().getAsDouble()
                    - logs.stream().mapToDouble(d -> d).min().getAsDouble()) / 2;
        }
    }

    /**
     * @param looEffect / aoiEffect  in ln units (ln 2 ≈ 0.69 is a factor of two)
     * @param looRank / aoiRank      1 = the largest effect in that direction; null without a measurement
     */
    public record UnitEffect(String unit, List<String> settings, Double looEffect, Double looShare, Double looNoise,
                             Double aoiEffect, Double aoiShare, Double aoiNoise, Boolean interaction,
                             Integer looRank, Integer aoiRank) {
    }

    /** {@code slowdown} = T(base) ÷ T(full) (geometric means); {@code units} ranked by leave-one-out share. */
    public record Summary(double logBase, double logFull, double slowdown, Double baseNoise, Double fullNoise,
                          List<UnitEffect> units) {
    }

    /**
     * @param units unit → its settings, in the plan's order
     * @param runs  run name (base, full, without-U, only-U) → ln T per repeat; a missing or empty entry is
     *              a run without a measurement
     * @return null without both base and full measured
     */
    public static Summary compute(Map<String, List<String>> units, Map<String, Runs> runs) {
        Runs base = measured(runs, AblationPlan.BASE);
        Runs full = measured(runs, AblationPlan.FULL);
        if (base == null || full == null) {
            return null;
        }
        double mBase = base.mean();
        double mFull = full.mean();
        double s = mBase - mFull;
        List<UnitEffect> out = new ArrayList<>();
        units.forEach((unit, settings) -> {
            Runs without = measured(runs, AblationPlan.WITHOUT + unit);
            Runs only = measured(runs, AblationPlan.ONLY + unit);
            Double loo = without == null ? null : without.mean() - mFull;
            Double aoi = only == null ? null : mBase - only.mean();
            Double looNoise = without == null ? null : sum(without.halfRange(), full.halfRange());
            Double aoiNoise = only == null ? null : sum(base.halfRange(), only.halfRange());
            Boolean interaction = without == null || only == null ? null : interaction(without, full, base, only);
            out.add(new UnitEffect(unit, List.copyOf(settings), loo, share(loo, s), share(looNoise, Math.abs(s)), aoi,
                    share(aoi, s), share(aoiNoise, Math.abs(s)), interaction, null, null));
        });
        List<UnitEffect> ranked = rank(rank(out, UnitEffect::looEffect, true), UnitEffect::aoiEffect, false);
        ranked.sort(Comparator.comparing((UnitEffect u) -> u.looRank() == null ? Integer.MAX_VALUE : u.looRank()));
        return new Summary(mBase, mFull, Math.exp(s), base.halfRange(), full.halfRange(), ranked);
    }

    /** Whether the interaction contrast's 95 % interval excludes 0 (1 as a ratio); null without one. */
    private static Boolean interaction(Runs without, Runs full, Runs base, Runs only) {
        RatioResult r = WelchLogContrast.estimate(List.of(exp(without), exp(only)), List.of(exp(full), exp(base)));
        return r instanceof RatioInterval i ? !i.containsOne() : null;
    }

    private static double[] exp(Runs runs) {
        return runs.logs().stream().mapToDouble(Math::exp).toArray();
    }

    private static Runs measured(Map<String, Runs> runs, String name) {
        Runs r = runs.get(name);
        return r == null || r.logs().isEmpty() ? null : r;
    }

    private static Double sum(Double a, Double b) {
        return a == null || b == null ? null : a + b;
    }

    /** A share of a slowdown too small to divide by (|S| below 1 %) is not given. */
    private static Double share(Double effect, double slowdown) {
        return effect == null || Math.abs(slowdown) < 0.01 ? null : effect / slowdown;
    }

    private static List<UnitEffect> rank(List<UnitEffect> in, Function<UnitEffect, Double> by, boolean loo) {
        List<UnitEffect> sorted = in.stream().filter(u -> by.apply(u) != null)
                .sorted(Comparator.comparing(by).reversed()).toList();
        List<UnitEffect> out = new ArrayList<>();
        for (UnitEffect u : in) {
            int at = sorted.indexOf(u);
            Integer rank = at < 0 ? null : at + 1;
            out.add(new UnitEffect(u.unit(), u.settings(), u.looEffect(), u.looShare(), u.looNoise(), u.aoiEffect(),
                    u.aoiShare(), u.aoiNoise(), u.interaction(), loo ? rank : u.looRank(), loo ? u.aoiRank() : rank));
        }
        return out;
    }
}
