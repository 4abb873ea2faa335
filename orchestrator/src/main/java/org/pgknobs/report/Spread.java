package org.pgknobs.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.pgknobs.stats.NoiseFloor;

/**
 * The spread of one step's repeats and the smallest effect it lets an experiment detect ({@link NoiseFloor},
 * docs/statistics.md): what {@code pgknobs noise} reports, and what a sweep's report shows for its base.
 *
 * @param step                    the step
 * @param repeats                 its repeats with a throughput
 * @param throughputs             their throughputs, in the order they ran
 * @param mean                    their mean
 * @param coefficientOfVariation  sd / mean
 * @param relativeHalfWidth       the 95 % interval of the (geometric) mean, ± relative
 * @param minimumDetectableEffect the smallest relative effect detected at 95 % (80 % power) with as many repeats per
 *                                side as this step has
 * @param detectableAt            repeats per side → that effect (2, 3, 5, 10)
 * @param repeatsToDetect         an effect ("5 %", "10 %", "20 %") → repeats per side it takes (null: over 10,000)
 * @param drift                   a bracketed base's drift across the run (its measurements are these repeats, so the
 *                                spread above holds the drift too); null when the base was not bracketed
 * @param noiseModel              the run's noise model of the headline phase, as a sentence ({@link RunNoise}): the
 *                                spread pooled over its steps, which every interval of the steps table is built on;
 *                                null without one
 */
public record Spread(String step, int repeats, List<Double> throughputs, double mean, double coefficientOfVariation,
                     double relativeHalfWidth, double minimumDetectableEffect, Map<Integer, Double> detectableAt,
                     Map<String, Integer> repeatsToDetect, Drift drift,
                     String noiseModel) {

    private static final List<Integer> PER_SIDE = List.of(2, 3, 5, 10);
    private static final List<Double> EFFECTS = List.of(0.05, 0.10, 0.20);

    /** Null with fewer than 2 repeats, or a repeat that completed nothing. */
    public static Spread of(String step, List<Double> throughputs) {
        if (throughputs.size() < 2 || throughputs.stream().anyMatch(v -> !(v > 0))) {
            return null;
        }
        NoiseFloor f = NoiseFloor.measure(throughputs.stream().mapToDouble(Double::doubleValue).toArray());
        Map<Integer, Double> at = new LinkedHashMap<>();
        PER_SIDE.forEach(n -> at.put(n, f.detectableAt(n)));
        Map<String, Integer> toDetect = new LinkedHashMap<>();
        EFFECTS.forEach(e -> toDetect.put(String.format(Locale.ROOT, "%.0f %%", e * 100),
                f.repeatsToDetect(e).isPresent() ? f.repeatsToDetect(e).getAsInt() : null));
        return new Spread(step, f.repeats(), List.copyOf(throughputs), f.mean(), f.coefficientOfVariation(),
                f.relativeHalfWidth(), f.minimumDetectableEffect(), at, toDetect, null, null);
    }

    /** The same spread with the bracketed base's drift. */
    public Spread withDrift(Drift newDrift) {
        return new Spread(step, repeats, throughputs, mean, coefficientOfVariation, relativeHalfWidth,
                minimumDetectableEffect, detectableAt, repeatsToDetect, newDrift, noiseModel);
    }

    /** The same spread with the run's noise model (a sentence), null without one. */
    public Spread withNoiseModel(String sentence) {
        return new Spread(step, repeats, throughputs, mean, coefficientOfVariation, relativeHalfWidth,
                minimumDetectableEffect, detectableAt, repeatsToDetect, drift, sentence);
    }

    /**
     * "baseline: CV 1.8 % over 3 repeats, mean ±4.5 % (95 %); smallest effect detectable at 95 % (80 % power) with 3
     * repeats per side: 5.6 %; repeats per side to detect 5 %: 4, 10 %: 3, 20 %: 2" (7000, 7150 and 6900 tps).
     */
    public String sentence() {
        return String.format(Locale.ROOT, "%s: CV %.1f %% over %d repeats, mean ±%.1f %% (95 %%); smallest effect "
                        + "detectable at 95 %% (80 %% power) with %d repeats per side: %.1f %%; repeats per side to detect %s",
                step, coefficientOfVariation * 100, repeats, relativeHalfWidth * 100, repeats, minimumDetectableEffect * 100,
                repeatsToDetectText());
    }

    /** "5 %: 82, 10 %: 23, 20 %: 7" (an effect beyond reach: "more than 10,000"). */
    public String repeatsToDetectText() {
        return repeatsToDetect.entrySet().stream()
                .map(e -> e.getKey() + ": " + (e.getValue() == null ? "more than 10,000" : e.getValue()))
                .collect(Collectors.joining(", "));
    }
}
