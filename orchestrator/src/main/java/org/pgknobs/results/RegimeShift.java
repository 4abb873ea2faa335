package org.pgknobs.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How a step's repeats fell into regimes against the step it is compared with (docs/tpcc.md, "Two regimes"): each
 * side's repeats per regime, Fisher's exact test of whether the shares differ, and the slowdown within each regime
 * that holds at least 2 repeats on both sides. The step's interval that marks and decides is over all its repeats;
 * these figures are shown beside it, so a setting that moves runs between regimes is reported as doing that.
 *
 * @param against   the compared step
 * @param step      regime → the step's repeats in it
 * @param reference regime → the compared step's repeats in it
 * @param fisherP   two-sided p of Fisher's exact test on the 2 × 2 table of repeats by side and regime; null when
 *                  the repeats span more than two regimes (no 2 × 2 table)
 * @param within    the slowdown (compared ÷ step, Welch on logs) within each regime with ≥ 2 repeats a side
 */
public record RegimeShift(String against, Map<String, Integer> step, Map<String, Integer> reference, Double fisherP,
                          List<Within> within) {

    public RegimeShift {
        step = Map.copyOf(step);
        reference = Map.copyOf(reference);
        within = List.copyOf(within);
    }

    /** The slowdown within one regime, with its 95 % interval (Welch's t on logs). */
    public record Within(String regime, int n, int referenceN, double slowdown, double lower, double upper) {
    }

    /**
     * "tuple-level in 2 of 3 repeats against 3 of 3 in base (Fisher's exact p 1.00); within tuple-level: ×1.02
     * [0.95–1.10] (2 and 3 repeats)".
     */
    public String sentence() {
        int n = step.values().stream().mapToInt(Integer::intValue).sum();
        int referenceN = reference.values().stream().mapToInt(Integer::intValue).sum();
        List<String> shares = new ArrayList<>();
        step.keySet().stream().sorted().forEach(regime -> shares.add(String.format(Locale.ROOT,
                "%s in %d of %d repeats against %d of %d in %s", regime, step.get(regime), n,
                reference.getOrDefault(regime, 0), referenceN, against)));
        reference.keySet().stream().filter(r -> !step.containsKey(r)).sorted().forEach(regime -> shares.add(
                String.format(Locale.ROOT, "%s in 0 of %d repeats against %d of %d in %s", regime, n,
                        reference.get(regime), referenceN, against)));
        StringBuilder text = new StringBuilder(String.join(", ", shares));
        text.append(fisherP == null ? " (more than two regimes: no 2 × 2 test of the shares)"
                : String.format(Locale.ROOT, " (Fisher's exact test of the shares: p %.2f)", fisherP));
        for (Within w : within) {
            text.append(String.format(Locale.ROOT, "; within %s: ×%.3g [%.3g–%.3g] (%d and %d repeats)", w.regime(),
                    w.slowdown(), w.lower(), w.upper(), w.n(), w.referenceN()));
        }
        return text.toString();
    }
}
