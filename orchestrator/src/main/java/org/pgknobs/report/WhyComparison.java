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

    /**
     * @param compared the interval the verdict model decided the gate on (against the step before in a chain, else the
     *                 base), set against the base's trend
     * @param gate     the why-gate the verdict model decided from that interval's mark ({@link VerdictModel#gate})
     */
    static Optional<Comparison> of(List<StepRun> runs, Against against, String headline, EffectInterval compared,
                                   Comparison.Throughput gate) {
        if (against.compared() == null || against.comparedRuns().isEmpty()) {
            return Optional.empty();
        }
        List<StepRun> theirs = against.comparedRuns();
        Optional<StepRun> median = Repeats.medianRun(theirs, headline);
        Derived derived = median.flatMap(r -> Repeats.derived(r, headline)).orElse(null);
        Long committed = median.flatMap(r -> Repeats.phase(r, headline)).map(Outcome::of)
                .map(Outcome::successful).orElse(null);
        return Optional.of(new Comparison(against.compared(), derived, median.map(StepRun::settings).orElse(null),
                committed, captures(runs), captures(theirs), throughput(gate, compared,
                Repeats.headlineValues(runs, headline), Repeats.headlineValues(theirs, headline)), against.comparedWhy(),
                RepeatFigureReader.of(runs, theirs, headline)));
    }

    /**
     * The why-gate (docs/reports.md): the verdict model's decision ({@link VerdictModel#gate}: DIFFERS exactly where
     * the page marks the comparison); without an interval, NO_DIFFERENCE when both steps have two repeats or more and
     * every one gave the same throughput (a rate-limited workload: nothing to estimate, nothing differs), else UNKNOWN.
     */
    static Comparison.Throughput throughput(Comparison.Throughput gate, EffectInterval i, List<Double> mine,
                                            List<Double> theirs) {
        if (i != null && i.present() && gate != null) {
            return gate;
        }
        boolean identical = mine.size() >= 2 && theirs.size() >= 2
                && Stream.concat(mine.stream(), theirs.stream()).distinct().count() == 1;
        return identical ? Comparison.Throughput.NO_DIFFERENCE : Comparison.Throughput.UNKNOWN;
    }

    private static List<StepCaptures> captures(List<StepRun> runs) {
        return runs.stream().filter(r -> r.status() == StepStatus.DONE && r.measured()).map(StepRun::captures).toList();
    }
}
