package org.pgknobs.report;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.statistics.distribution.TDistribution;
import org.pgknobs.results.StepStatus;

/**
 * The bracketed base as a model of the run, per phase (docs/statistics.md, "Drift: the base as a model"): the natural
 * log of the base's throughput at each of its measurements, fitted by least squares on the time it started (hours
 * into the run), the slope tested against no trend (t = slope ÷ its standard error, n − 2 degrees of freedom, Commons
 * Statistics' {@link TDistribution}; commons-statistics has no regression, so the fit is the two sums of its
 * formula). Each step is compared with the base as it was when the step ran: its ratio against the base's geometric
 * mean times exp(−slope × (mean time of the step − mean time of the base)) — the fitted line passes through the base's
 * mean point, so that is the modelled base at the step's time over the base's mean. The interval is shifted by that
 * constant factor ({@link #shift}), not widened: the Welch interval already holds the base's spread once. Without a
 * trend at 5 %, or with fewer than 3 measurements, the factor is 1: a base with no trend adds nothing beyond its noise.
 *
 * @param phase        the phase whose throughput was fitted
 * @param n            the base's measurements fitted
 * @param slopePerHour the fitted change of ln throughput per hour (×exp(slope) per hour)
 * @param pValue       two-sided p of "no trend"
 * @param meanHours    the base's mean time, hours after {@code origin}
 * @param origin       the run's first start, time zero
 */
public record BaseTrend(String phase, int n, double slopePerHour, double pValue, double meanHours, Instant origin) {

    static final double ALPHA = 0.05;

    /** The trend of {@code baseRuns} in {@code phase}; null with fewer than 3 timed measurements. */
    static BaseTrend of(List<StepRun> baseRuns, String phase, Instant origin) {
        List<StepRun> timed = timed(baseRuns, phase);
        if (origin == null || timed.size() < 3) {
            return null;
        }
        double[] hours = timed.stream().mapToDouble(r -> hours(origin, r)).toArray();
        double[] values = timed.stream().mapToDouble(r -> Repeats.phase(r, phase).get().throughput()).toArray();
        return fit(phase, hours, values, origin);
    }

    /** Least squares of ln values on hours; null with fewer than 3 values, no spread in time, or a value ≤ 0. */
    public static BaseTrend fit(String phase, double[] hours, double[] values, Instant origin) {
        int n = values.length;
        if (n < 3 || Arrays.stream(values).anyMatch(v -> !(v > 0))) {
            return null;
        }
        double mt = Arrays.stream(hours).average().orElseThrow();
        double[] y = Arrays.stream(values).map(Math::log).toArray();
        double my = Arrays.stream(y).average().orElseThrow();
        double sxx = 0;
        double sxy = 0;
        for (int i = 0; i < n; i++) {
            sxx += (hours[i] - mt) * (hours[i] - mt);
            sxy += (hours[i] - mt) * (y[i] - my);
        }
        if (!(sxx > 0)) {
            return null;
        }
        double slope = sxy / sxx;
        double rss = 0;
        for (int i = 0; i < n; i++) {
            double residual = y[i] - my - slope * (hours[i] - mt);
            rss += residual * residual;
        }
        double se = Math.sqrt(rss / (n - 2) / sxx);
        double p = se > 0 ? 2 * TDistribution.of(n - 2).survivalProbability(Math.abs(slope / se)) : slope == 0 ? 1 : 0;
        return new BaseTrend(phase, n, slope, p, mt, origin);
    }

    /** Whether the slope differs from no trend at 5 %. */
    public boolean significant() {
        return pValue < ALPHA;
    }

    /**
     * What a step ÷ base ratio is multiplied by to compare the step with the base as it was when the step ran: 1
     * without a significant trend, or when the step's times are unknown.
     */
    double ratioFactor(List<StepRun> stepRuns) {
        List<StepRun> timed = timed(stepRuns, phase);
        return timed.isEmpty() ? 1 : ratioFactor(timed.stream().mapToDouble(r -> hours(origin, r)).toArray());
    }

    /** As {@link #ratioFactor(List)}, from the hours at which the step's repeats ran. */
    public double ratioFactor(double[] stepHours) {
        if (!significant() || stepHours.length == 0) {
            return 1;
        }
        return Math.exp(-slopePerHour * (Arrays.stream(stepHours).average().orElseThrow() - meanHours));
    }

    /**
     * {@code i} times {@code factor}: estimate and ends moved together, its width on the log scale unchanged; its
     * p-value stays that of the unshifted comparison (the marks' multiplicity control reads it, so a shift can take
     * a mark away but never adds one).
     */
    public static EffectInterval shift(EffectInterval i, double factor) {
        if (i == null || factor == 1 || !i.present()) {
            return i;
        }
        return new EffectInterval(i.against(), i.method(), i.n(), i.referenceN(), i.ratio() == null ? null : i.ratio() * factor,
                i.lower() == null ? null : i.lower() * factor, i.upper() == null ? null : i.upper() * factor,
                i.confidence(), i.pValue(), i.noInterval(), i.repeatsNeeded());
    }

    /** "trend of base in l.i1: ×0.91 per hour, p 0.02 over 4 measurements (each step set against the base as it was when it ran)". */
    public String sentence(String base) {
        return String.format(Locale.ROOT, "trend of %s in %s: ×%.3f per hour, p %.2f over %d measurements (least squares"
                        + " on ln throughput; %s)", base, phase, Math.exp(slopePerHour), pValue, n,
                significant() ? "each step is set against the base as the trend puts it when the step ran"
                        : "no trend at 5 %: the base's spread is noise, carried once by each interval");
    }

    private static List<StepRun> timed(List<StepRun> runs, String phase) {
        return runs.stream().filter(r -> r.status() == StepStatus.DONE && r.result() != null
                && r.result().started() != null && Repeats.phase(r, phase).isPresent()).toList();
    }

    private static double hours(Instant origin, StepRun r) {
        return Duration.between(origin, r.result().started()).toMillis() / 3_600_000.0;
    }
}
