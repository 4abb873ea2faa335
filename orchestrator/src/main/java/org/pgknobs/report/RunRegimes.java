package org.pgknobs.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.commons.statistics.inference.FisherExactTest;
import org.pgknobs.collector.StatementWindow;
import org.pgknobs.report.why.Evidence;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.results.RegimeGroups;
import org.pgknobs.results.RegimeShift;
import org.pgknobs.results.RunRegime;
import org.pgknobs.stats.RatioInterval;
import org.pgknobs.stats.WelchLogRatio;

/**
 * The SERIALIZABLE regime of a step's repeats, from their pgstats.json and statements.json (docs/tpcc.md), and the
 * intervals a step gets over them: the one that marks and decides is over every repeat of both sides (no repeat is
 * dropped, a regime being one outcome of the step); beside it, each regime's share on both sides with Fisher's exact
 * test of whether the step changed them, and the slowdown within each regime with 2 repeats a side
 * ({@link RegimeShift}).
 */
final class RunRegimes {

    private RunRegimes() {
    }

    /** The regime measures of a repeat's headline window; empty when it has no collector window. */
    static Optional<RunRegime> of(StepRun run, String headline) {
        return StepRun.headlineWindow(run.stats(), headline).map(w -> RunRegime.of(w, statements(run, w.phase())));
    }

    /** reference ÷ step over every repeat of both, the interval made by the run's noise model. */
    static EffectInterval slowdown(String against, List<StepRun> reference, String step, List<StepRun> runs,
                                   String headline, RunNoise noise) {
        return EffectInterval.slowdown(against, Repeats.headlineValues(reference, headline),
                Repeats.headlineValues(runs, headline), Repeats.headlineSeconds(runs, headline),
                noise.between(against, step));
    }

    /** step ÷ {@code against} in {@code phase} over every repeat of both, by the phase's noise model. */
    static EffectInterval ratio(String against, List<StepRun> reference, String step, List<StepRun> runs, String phase,
                                RunNoise noise) {
        return EffectInterval.ratio(against, Repeats.headlineValues(reference, phase),
                Repeats.headlineValues(runs, phase), noise.between(against, step));
    }

    /** One measured repeat: its label (r1, r2 ...), its regime and its headline throughput. */
    record Repeat(String label, RunRegime regime, double throughput) {
    }

    /**
     * The step's repeats by regime against the compared step's, when the two sides' repeats span more than one
     * regime; empty when they share one (or were not measured).
     */
    static Optional<RegimeShift> shift(String against, List<StepRun> reference, List<StepRun> runs, String headline) {
        return against == null || headline == null ? Optional.empty()
                : shift(against, repeats(reference, headline), repeats(runs, headline));
    }

    /** As {@link #shift(String, List, List, String)}, on the repeats' regimes and throughputs. */
    static Optional<RegimeShift> shift(String against, List<Repeat> reference, List<Repeat> step) {
        Map<String, List<Double>> stepByRegime = byRegime(step);
        Map<String, List<Double>> referenceByRegime = byRegime(reference);
        Set<String> regimes = new LinkedHashSet<>(referenceByRegime.keySet());
        regimes.addAll(stepByRegime.keySet());
        if (regimes.size() < 2 || stepByRegime.isEmpty() || referenceByRegime.isEmpty()) {
            return Optional.empty();
        }
        Double fisher = null;
        if (regimes.size() == 2) {
            List<String> two = List.copyOf(regimes);
            int[][] table = {{count(stepByRegime, two.get(0)), count(stepByRegime, two.get(1))},
                    {count(referenceByRegime, two.get(0)), count(referenceByRegime, two.get(1))}};
            fisher = FisherExactTest.withDefaults().test(table).getPValue();
        }
        List<RegimeShift.Within> within = new ArrayList<>();
        for (String regime : regimes) {
            List<Double> s = stepByRegime.getOrDefault(regime, List.of());
            List<Double> r = referenceByRegime.getOrDefault(regime, List.of());
            if (s.size() >= 2 && r.size() >= 2 && s.stream().allMatch(v -> v > 0) && r.stream().allMatch(v -> v > 0)
                    && WelchLogRatio.estimate(values(s), values(r)) instanceof RatioInterval i) {
                // estimate(step, reference) is reference ÷ step: the slowdown
                within.add(new RegimeShift.Within(regime, s.size(), r.size(), i.ratio(), i.lower(), i.upper()));
            }
        }
        Map<String, Integer> stepCounts = new LinkedHashMap<>();
        stepByRegime.forEach((regime, v) -> stepCounts.put(regime, v.size()));
        Map<String, Integer> referenceCounts = new LinkedHashMap<>();
        referenceByRegime.forEach((regime, v) -> referenceCounts.put(regime, v.size()));
        return Optional.of(new RegimeShift(against, stepCounts, referenceCounts, fisher, within));
    }

    private static Map<String, List<Double>> byRegime(List<Repeat> repeats) {
        Map<String, List<Double>> by = new LinkedHashMap<>();
        repeats.stream().filter(r -> r.regime() != null && r.regime().measured())
                .forEach(r -> by.computeIfAbsent(r.regime().regime(), k -> new ArrayList<>()).add(r.throughput()));
        return by;
    }

    private static int count(Map<String, List<Double>> by, String regime) {
        return by.getOrDefault(regime, List.of()).size();
    }

    private static double[] values(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The done, measured repeats with their regime and headline throughput. */
    private static List<Repeat> repeats(List<StepRun> runs, String headline) {
        List<Repeat> out = new ArrayList<>();
        for (StepRun r : runs) {
            Optional<RunRegime> regime = of(r, headline);
            Optional<PhaseResult> phase = Repeats.phase(r, headline);
            if (r.status() == org.pgknobs.results.StepStatus.DONE && regime.isPresent() && phase.isPresent()) {
                out.add(new Repeat("r" + r.repeat(), regime.get(), phase.get().throughput()));
            }
        }
        return out;
    }

    /**
     * The why-rules' view: the measures and the 40001 failures of the phase (retries + 40001 errors), the step's
     * repeats by regime, and their shift against the compared step's.
     */
    static Optional<Evidence.Regime> evidence(StepRun run, List<StepRun> runs, Optional<PhaseResult> phase,
                                              String headline, String against, List<StepRun> compared) {
        Optional<RunRegime> measures = of(run, headline);
        if (measures.isEmpty()) {
            return Optional.empty();
        }
        Long failures = phase.map(Outcome::of).map(Outcome::serializationFailures).orElse(null);
        return Optional.of(new Evidence.Regime(measures.get(), failures, groups(runs, headline),
                shift(against, compared, runs, headline).orElse(null)));
    }

    private static StatementWindow statements(StepRun run, String phase) {
        return run.captures() == null ? null
                : run.captures().statements().lenient().flatMap(d -> d.window(phase)).orElse(null);
    }

    /** The measured repeats by regime, labelled r1, r2 ... as the report names repeats. */
    static RegimeGroups groups(List<StepRun> runs, String headline) {
        Map<String, RunRegime> byRun = new LinkedHashMap<>();
        for (StepRun r : runs) {
            if (r.measured()) {
                of(r, headline).ifPresent(g -> byRun.put("r" + r.repeat(), g));
            }
        }
        return RegimeGroups.of(byRun);
    }
}
