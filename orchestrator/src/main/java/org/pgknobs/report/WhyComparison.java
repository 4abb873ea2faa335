package org.pgknobs.report;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.pgknobs.collector.Derived;
import org.pgknobs.report.captures.StepCaptures;
import org.pgknobs.report.why.Comparison;
import org.pgknobs.results.StepStatus;

/** The compared step as the why-rules read it ({@link Comparison}), from both steps' repeats. */
final class WhyComparison {

    private WhyComparison() {
    }

    /** @param drift the base's drift band ({@link Drift#bandOf}), 1 when the run was not bracketed */
    static Optional<Comparison> of(List<StepRun> runs, Against against, String headline, double drift) {
        if (against.compared() == null || against.comparedRuns().isEmpty()) {
            return Optional.empty();
        }
        List<StepRun> theirs = against.comparedRuns();
        Optional<StepRun> median = Repeats.medianRun(theirs, headline);
        Derived derived = median.flatMap(r -> Repeats.derived(r, headline)).orElse(null);
        Long committed = median.flatMap(r -> Repeats.phase(r, headline)).map(Outcome::of)
                .map(Outcome::successful).orElse(null);
        EffectInterval i = against.vsStepBefore() != null ? against.vsStepBefore() : against.vsBase();
        return Optional.of(new Comparison(against.compared(), derived, median.map(StepRun::settings).orElse(null),
                committed, captures(runs), captures(theirs), throughput(i, Repeats.headlineValues(runs, headline),
                Repeats.headlineValues(theirs, headline), drift), against.comparedWhy(),
                RepeatFigureReader.of(runs, theirs, headline)));
    }

    /**
     * The why-gate (docs/reports.md): DIFFERS when the interval (or a step's bound) is marked, clear of 1 and of the
     * drift band ({@link Mark}); WITHIN_DRIFT when it clears 1 only; NO_DIFFERENCE when it holds 1, or when both
     * steps have two repeats or more and every one gave the same throughput (a rate-limited workload: nothing to
     * estimate, nothing differs); else UNKNOWN.
     */
    static Comparison.Throughput throughput(EffectInterval i, List<Double> mine, List<Double> theirs, double drift) {
        if (i != null && i.present()) {
            return i.containsOne() ? Comparison.Throughput.NO_DIFFERENCE
                    : Mark.of(i, drift).shown() ? Comparison.Throughput.DIFFERS : Comparison.Throughput.WITHIN_DRIFT;
        }
        boolean identical = mine.size() >= 2 && theirs.size() >= 2
                && Stream.concat(mine.stream(), theirs.stream()).distinct().count() == 1;
        return identical ? Comparison.Throughput.NO_DIFFERENCE : Comparison.Throughput.UNKNOWN;
    }

    private static List<StepCaptures> captures(List<StepRun> runs) {
        return runs.stream().filter(r -> r.status() == StepStatus.DONE && r.measured()).map(StepRun::captures).toList();
    }
}
