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
 * t interval with the error term of a one-way ANOVA; Montgomery, "Design and analysis of experiments", §3.5), at
 * 1 − {@link #INTERVAL_ALPHA} = 96 % so that, with the naming test's {@value #FAMILY_ALPHA} spent, the interval a step
 * gets covers at least 95 % (a union bound over the test's selection). A step measured once then has an interval
 * too, with the spread the run measured elsewhere (equal spread assumed).
 *
 * <p><b>The test of a common spread.</b> Each step with at least 2 repeats is tested against the pooled spread of
 * all the others still pooled: F = s<sub>i</sub>² ÷ s<sub>others</sub>², two-sided, on (n<sub>i</sub> − 1,
 * Σ<sub>j≠i</sub>(n<sub>j</sub> − 1)) degrees of freedom (Commons Statistics' {@link FDistribution}). Step-down: the
 * step with the smallest p is named when p ≤ 0.01 ÷ m (m the steps tested in that round: Holm's thresholds, Holm
 * 1979), left out of the pool, and the others are tested again without it, until none passes; the first naming
 * under a common spread has probability at most 0.01 (Bonferroni), so the family-wise rate is 0.01. A named step
 * <em>differs</em>: it keeps its own {@link WelchLogRatio} interval. This is the one-against-the-rest form of
 * Cochran's test for one variance larger than the others (Cochran 1941), for unequal repeats and either direction,
 * repeated as Rosner's generalized ESD procedure repeats its outlier test (Rosner 1983), so that one wide step does
 * not make the others look narrow. Brown–Forsythe (Levene's test
 * with medians), the robust test one would reach for, cannot be used at 2 repeats per step: a group's two absolute
 * deviations from its median are equal, so its within-group sum of squares is 0 and the ANOVA's F has no
 * denominator; runs here have 2 repeats per step. The F test assumes normal logs, as the t interval does.
 *
 * <p>Steps with a repeat that completed nothing have no logs and are left out of the model (their effect is a
 * bound, {@link SlowdownBound}). With no step of 2 repeats there is no spread anywhere and no interval, as before.
 */
public final class PooledLogSpread {

    public static final String METHOD = "pooled-log";

    /**
     * The family-wise level of the test that names a step whose spread differs: spent from the intervals' 5 % (see
     * {@link #INTERVAL_ALPHA}).
     */
    public static final double FAMILY_ALPHA = 0.01;

    /**
     * The level a pooled interval is built at, 1 − 0.96: what is left of 5 % once the naming test spent its
     * {@value #FAMILY_ALPHA}. The test selects: it names a step when the others' spread happens to be small, and the
     * pool then keeps that small spread (the others' intervals then cover 77 % of the time, docs/statistics.md).
     * Under a common spread, the interval a step gets misses only if the naming test named some step (probability
     * ≤ {@value #FAMILY_ALPHA}) or, with none named, the all-in pooled interval missed (probability
     * {@code INTERVAL_ALPHA}): by the union bound the interval used, whichever it is, covers with probability
     * ≥ 95 %, whatever the selection. Its p-value is scaled to match (p × 0.05 ÷ INTERVAL_ALPHA: below 0.05 exactly
     * where the interval excludes 1), so a mark's level is 5 % by the same bound.
     */
    public static final double INTERVAL_ALPHA = 0.04; // 0.05 − FAMILY_ALPHA

    /**
     * One step's test against the others' pooled spread.
     *
     * @param step          the step
     * @param repeats       its repeats
     * @param varianceRatio its log variance ÷ the others' pooled log variance
     * @param pValue        two-sided p of "the same spread" (F test) in the last round that tested it, unadjusted
     * @param differs       named by the step-down at {@value #FAMILY_ALPHA}: the step keeps its own interval
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
        List<String> remaining = new ArrayList<>(groups.entrySet().stream().filter(e -> e.getValue().n() >= 2)
                .map(Map.Entry::getKey).toList());
        Map<String, SpreadTest> tests = new LinkedHashMap<>();
        // step-down: test every step still pooled against the others, name the most extreme if it passes Holm's
        // threshold for as many steps, and test the rest again without it (so one wide step does not make the
        // others look narrow)
        while (true) {
            Map<String, SpreadTest> round = new LinkedHashMap<>();
            remaining.forEach(step -> round.put(step, test(step, remaining, groups)));
            round.forEach(tests::put);
            int m = (int) round.values().stream().filter(t -> !Double.isNaN(t.varianceRatio())).count();
            SpreadTest extreme = round.values().stream().filter(t -> !Double.isNaN(t.varianceRatio()))
                    .min(Comparator.comparingDouble(SpreadTest::pValue)).orElse(null);
            if (extreme == null || extreme.pValue() > FAMILY_ALPHA / m) {
                break;
            }
            tests.put(extreme.step(), new SpreadTest(extreme.step(), extreme.repeats(), extreme.varianceRatio(),
                    extreme.pValue(), true));
            remaining.remove(extreme.step());
        }
        double ss = 0;
        int df = 0;
        int pooled = 0;
        for (SpreadTest t : tests.values()) {
            if (!t.differs()) {
                Group g = groups.get(t.step());
                ss += (g.n() - 1) * g.variance();
                df += g.n() - 1;
                pooled++;
            }
        }
        return new PooledLogSpread(Collections.unmodifiableMap(groups), List.copyOf(tests.values()),
                df == 0 ? Double.NaN : ss / df, df, pooled);
    }

    /** {@code step}'s variance against the pooled variance of the other {@code pooled} steps; NaN ratio: untestable. */
    private static SpreadTest test(String step, List<String> pooled, Map<String, Group> groups) {
        Group g = groups.get(step);
        double ss = 0;
        int df = 0;
        for (String other : pooled) {
            if (!other.equals(step)) {
                ss += (groups.get(other).n() - 1) * groups.get(other).variance();
                df += groups.get(other).n() - 1;
            }
        }
        if (df == 0) {
            return new SpreadTest(step, g.n(), Double.NaN, 1, false);
        }
        double others = ss / df;
        if (others == 0) {
            return new SpreadTest(step, g.n(), g.variance() == 0 ? 1 : Double.POSITIVE_INFINITY,
                    g.variance() == 0 ? 1 : 0, false);
        }
        double ratio = g.variance() / others;
        FDistribution f = FDistribution.of(g.n() - 1, df);
        return new SpreadTest(step, g.n(), ratio,
                Math.min(1, 2 * Math.min(f.cumulativeProbability(ratio), f.survivalProbability(ratio))), false);
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
        // at 1 − INTERVAL_ALPHA, the naming test's share spent: covers ≥ 95 % with the test's selection included
        double half = t.inverseSurvivalProbability(INTERVAL_ALPHA / 2) * standardError;
        double p = Math.min(1, 2 * t.survivalProbability(Math.abs(shift) / standardError) * 0.05 / INTERVAL_ALPHA);
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
