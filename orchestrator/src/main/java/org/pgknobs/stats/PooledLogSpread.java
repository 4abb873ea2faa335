package org.pgknobs.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Variance;
import org.apache.commons.statistics.distribution.FDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * One noise model for the steps of a run (docs/statistics.md, "One noise model per run"): the steps ran on the same
 * server, workload and machine, so their repeats' log-throughput spread is pooled over every step (the bracketed
 * base's measurements included) where a test does not reject a common spread, and each comparison's interval is
 * Student's t on the logs with the pooled standard deviation s<sub>p</sub> and its pooled degrees of freedom
 * Σ(n<sub>i</sub> − 1): exp(d ± t<sub>0.975, df</sub> · s<sub>p</sub> · sqrt(1/n₁ + 1/n₂)) (the pooled two-sample
 * t interval with the error term of a one-way ANOVA; Montgomery, "Design and analysis of experiments", §3.5). A step
 * measured once then has an interval too, with the spread the run measured elsewhere (equal spread assumed).
 *
 * <p><b>The test of a common spread.</b> Each step with at least 2 repeats is tested against the pooled spread of
 * all the others: F = s<sub>i</sub>² ÷ s<sub>others</sub>², two-sided, on (n<sub>i</sub> − 1, Σ<sub>j≠i</sub>(n<sub>j</sub> − 1))
 * degrees of freedom (Commons Statistics' {@link FDistribution}), with Holm's step-down over the steps tested at a
 * family-wise 0.05 (Holm 1979); a step it rejects <em>differs</em>: it is named, left out of the pool, and keeps its
 * own {@link WelchLogRatio} interval. This is the one-against-the-rest form of Cochran's test for one variance
 * larger than the others (Cochran 1941), for unequal repeats and either direction. Brown–Forsythe (Levene's test
 * with medians), the robust test one would reach for, cannot be used at 2 repeats per step: a group's two absolute
 * deviations from its median are equal, so its within-group sum of squares is 0 and the ANOVA's F has no
 * denominator; runs here have 2 repeats per step. The F test assumes normal logs, as the t interval does.
 *
 * <p>Steps with a repeat that completed nothing have no logs and are left out of the model (their effect is a
 * bound, {@link SlowdownBound}). With no step of 2 repeats there is no spread anywhere and no interval, as before.
 */
public final class PooledLogSpread {

    public static final String METHOD = "pooled-log";

    /** The family-wise level of the test that names a step whose spread differs. */
    public static final double FAMILY_ALPHA = 0.05;

    /**
     * One step's test against the others' pooled spread.
     *
     * @param step          the step
     * @param repeats       its repeats
     * @param varianceRatio its log variance ÷ the others' pooled log variance
     * @param pValue        two-sided p of "the same spread" (F test), before Holm's adjustment
     * @param differs       rejected by Holm's step-down at {@value #FAMILY_ALPHA}: the step keeps its own interval
     */
    public record SpreadTest(String step, int repeats, double varianceRatio, double pValue, boolean differs) {
    }

    private record Group(int n, double variance) {
    }

    private final Map<String, Group> groups;
    private final List<SpreadTest> tests;
    private final double pooledVariance;
    private final int degreesOfFreedom;
    private final int pooledSteps;

    private PooledLogSpread(Map<String, Group> groups, List<SpreadTest> tests, double pooledVariance,
                            int degreesOfFreedom, int pooledSteps) {
        this.groups = groups;
        this.tests = tests;
        this.pooledVariance = pooledVariance;
        this.degreesOfFreedom = degreesOfFreedom;
        this.pooledSteps = pooledSteps;
    }

    /** @param throughputs step → its repeats' throughputs (a step with a value ≤ 0 is left out of the model) */
    public static PooledLogSpread of(Map<String, double[]> throughputs) {
        Map<String, Group> groups = new LinkedHashMap<>();
        throughputs.forEach((step, values) -> {
            if (values.length > 0 && Arrays.stream(values).allMatch(v -> v > 0 && !Double.isInfinite(v))) {
                double[] logs = LogSamples.of(values, step);
                groups.put(step, new Group(logs.length, logs.length < 2 ? 0 : Variance.of(logs).getAsDouble()));
            }
        });
        List<String> tested = groups.entrySet().stream().filter(e -> e.getValue().n() >= 2).map(Map.Entry::getKey)
                .toList();
        double[] p = new double[tested.size()];
        double[] ratio = new double[tested.size()];
        List<Integer> testable = new ArrayList<>();
        for (int i = 0; i < tested.size(); i++) {
            Group g = groups.get(tested.get(i));
            double ss = 0;
            int df = 0;
            for (String other : tested) {
                if (!other.equals(tested.get(i))) {
                    ss += (groups.get(other).n() - 1) * groups.get(other).variance();
                    df += groups.get(other).n() - 1;
                }
            }
            p[i] = 1;
            ratio[i] = Double.NaN;
            if (df == 0) {
                continue;
            }
            testable.add(i);
            double others = ss / df;
            if (others == 0) {
                p[i] = g.variance() == 0 ? 1 : 0;
                ratio[i] = g.variance() == 0 ? 1 : Double.POSITIVE_INFINITY;
            } else {
                ratio[i] = g.variance() / others;
                FDistribution f = FDistribution.of(g.n() - 1, df);
                p[i] = Math.min(1, 2 * Math.min(f.cumulativeProbability(ratio[i]), f.survivalProbability(ratio[i])));
            }
        }
        boolean[] differs = holm(testable.stream().mapToDouble(i -> p[i]).toArray(), FAMILY_ALPHA);
        List<SpreadTest> tests = new ArrayList<>();
        for (int i = 0; i < tested.size(); i++) {
            int k = testable.indexOf(i);
            tests.add(new SpreadTest(tested.get(i), groups.get(tested.get(i)).n(), ratio[i], p[i], k >= 0 && differs[k]));
        }
        double ss = 0;
        int df = 0;
        int pooled = 0;
        for (SpreadTest t : tests) {
            if (!t.differs()) {
                Group g = groups.get(t.step());
                ss += (g.n() - 1) * g.variance();
                df += g.n() - 1;
                pooled++;
            }
        }
        return new PooledLogSpread(Collections.unmodifiableMap(groups), List.copyOf(tests), df == 0 ? Double.NaN : ss / df,
                df, pooled);
    }

    /**
     * Holm's step-down (Holm 1979): which hypotheses are rejected with the family-wise error held at {@code alpha}:
     * the p-values in ascending order, the k-th (from 0) rejected while p ≤ alpha ÷ (m − k).
     */
    static boolean[] holm(double[] p, double alpha) {
        Integer[] order = new Integer[p.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparingDouble(i -> p[i]));
        boolean[] rejected = new boolean[p.length];
        for (int k = 0; k < order.length && p[order[k]] <= alpha / (order.length - k); k++) {
            rejected[order[k]] = true;
        }
        return rejected;
    }

    /**
     * step ÷ reference: the pooled interval when both are in the pool, else (one of them differs, or is not in the
     * model) Welch's on their own repeats; with no spread measured anywhere, no interval.
     */
    public RatioResult estimate(String referenceStep, double[] reference, String step, double[] stepValues) {
        if (!pooled(referenceStep) || !pooled(step) || degreesOfFreedom == 0) {
            return WelchLogRatio.estimate(reference, stepValues);
        }
        if (pooledVariance == 0) {
            return new NoInterval(METHOD, "the repeats are identical in every step: no spread to estimate", 0);
        }
        double[] logReference = LogSamples.of(reference, "base");
        double[] logStep = LogSamples.of(stepValues, "step");
        double shift = Mean.of(logStep).getAsDouble() - Mean.of(logReference).getAsDouble();
        double standardError = Math.sqrt(pooledVariance * (1.0 / logStep.length + 1.0 / logReference.length));
        TDistribution t = TDistribution.of(degreesOfFreedom);
        double half = t.inverseSurvivalProbability(0.025) * standardError;
        double p = Math.min(1, 2 * t.survivalProbability(Math.abs(shift) / standardError));
        return new RatioInterval(METHOD, Math.exp(shift), Math.exp(shift - half), Math.exp(shift + half), 0.95, p);
    }

    /** Whether the step's repeats are in the pool: in the model and not named as differing. */
    public boolean pooled(String step) {
        return groups.containsKey(step) && tests.stream().noneMatch(t -> t.step().equals(step) && t.differs());
    }

    /** The repeats the model holds of a step, 0 when it is not in it. */
    public int repeats(String step) {
        Group g = groups.get(step);
        return g == null ? 0 : g.n();
    }

    /** The steps whose spread differs from the others' (each keeps its own Welch interval). */
    public List<SpreadTest> differing() {
        return tests.stream().filter(SpreadTest::differs).toList();
    }

    public List<SpreadTest> tests() {
        return tests;
    }

    /** The pooled standard deviation of the logs (≈ the CV for small spreads); NaN without a spread. */
    public double pooledSd() {
        return Math.sqrt(pooledVariance);
    }

    /** Σ(n − 1) over the pooled steps: the t interval's degrees of freedom; 0 without a spread. */
    public int degreesOfFreedom() {
        return degreesOfFreedom;
    }

    /** The steps with at least 2 repeats whose spread went into the pool. */
    public int pooledSteps() {
        return pooledSteps;
    }
}
