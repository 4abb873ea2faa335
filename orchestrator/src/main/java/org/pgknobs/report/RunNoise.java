package org.pgknobs.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.pgknobs.stats.PooledLogSpread;
import org.pgknobs.stats.RatioInterval;
import org.pgknobs.stats.RatioResult;

/**
 * The noise model of one run's phase: its steps' repeats (the bracketed base's measurements among them) with their
 * log spread pooled where a test does not reject a common spread ({@link PooledLogSpread}, docs/statistics.md "One
 * noise model per run"). Every interval between two steps of the run is made here: from the pooled spread when both
 * are in the pool (a step measured once included, equal spread assumed), from their own repeats (Welch) when one of
 * them differs.
 */
final class RunNoise {

    private final PooledLogSpread model;

    private RunNoise(PooledLogSpread model) {
        this.model = model;
    }

    /** The model of {@code phase} over every step's done, measured repeats. */
    static RunNoise of(Map<String, List<StepRun>> byStep, String phase) {
        Map<String, double[]> values = new LinkedHashMap<>();
        byStep.forEach((step, runs) -> values.put(step,
                Repeats.headlineValues(runs, phase).stream().mapToDouble(Double::doubleValue).toArray()));
        return of(values);
    }

    /** The model of each step's throughputs (step → its repeats'). */
    static RunNoise of(Map<String, double[]> throughputs) {
        return new RunNoise(PooledLogSpread.of(throughputs));
    }

    /** How the interval of {@code step} against {@code reference} is made. */
    EffectInterval.Estimator between(String reference, String step) {
        return new EffectInterval.Estimator() {
            @Override
            public RatioResult estimate(double[] referenceValues, double[] stepValues) {
                return model.estimate(reference, referenceValues, step, stepValues);
            }

            @Override
            public String note(RatioResult result, int n, int referenceN) {
                return RunNoise.this.note(reference, step, result, n, referenceN);
            }
        };
    }

    private String note(String reference, String step, RatioResult result, int n, int referenceN) {
        List<String> differing = model.differing().stream().map(PooledLogSpread.SpreadTest::step)
                .filter(s -> s.equals(reference) || s.equals(step)).toList();
        if (!differing.isEmpty()) {
            return String.join(" and ", differing) + (differing.size() > 1 ? " have" : " has")
                    + " a spread that differs from the run's: Welch's interval on their own repeats";
        }
        if (!(result instanceof RatioInterval i) || !PooledLogSpread.METHOD.equals(i.method())) {
            return null;
        }
        String once = n == 1 && referenceN == 1 ? "1 repeat on each side" : n == 1 ? "1 repeat of the step"
                : referenceN == 1 ? "1 repeat of the " + reference : null;
        return pooled() + (once == null ? "" : "; " + once + ": equal spread assumed");
    }

    /** "log spread pooled over 9 steps (df 10)". */
    private String pooled() {
        return String.format(Locale.ROOT, "log spread pooled over %d steps (df %d)", model.pooledSteps(),
                model.degreesOfFreedom());
    }

    /**
     * The sentence under the table: the pooled spread, the test, the steps it named; null when no step has two
     * repeats (no spread anywhere: no intervals, and each cell says why).
     */
    String sentence() {
        if (model.degreesOfFreedom() == 0) {
            return null;
        }
        String named = model.differing().isEmpty() ? "names none"
                : "names " + model.differing().stream().map(t -> String.format(Locale.ROOT, "%s (spread ×%.2f of the "
                        + "others', p %.2g)", t.step(), Math.sqrt(t.varianceRatio()), t.pValue()))
                .collect(Collectors.joining(", ")) + ": each keeps Welch's interval on its own repeats";
        return String.format(Locale.ROOT, "Noise model: %s, SD of the logs %.3f (≈ CV %.1f %%); "
                        + "each step's spread tested against the others' (F test, step-down over %d steps at a family-wise "
                        + "%.2f) %s; a pooled interval is built at %.0f %%, so that with the test's share spent it covers"
                        + " at least 95 %%; a step measured once takes the pooled spread (equal spread assumed)", pooled(),
                model.pooledSd(), 100 * model.pooledSd(), model.tests().size(), PooledLogSpread.FAMILY_ALPHA, named,
                100 * (1 - PooledLogSpread.INTERVAL_ALPHA));
    }
}
