package org.pgknobs.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pgknobs.collector.StatementWindow;
import org.pgknobs.report.why.Evidence;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.results.RegimeGroups;
import org.pgknobs.results.RunRegime;

/** The SERIALIZABLE regime of a step's repeats, from their pgstats.json and statements.json (docs/tpcc.md). */
final class RunRegimes {

    private RunRegimes() {
    }

    /** The regime measures of a repeat's headline window; empty when it has no collector window. */
    static Optional<RunRegime> of(StepRun run, String headline) {
        return StepRun.headlineWindow(run.stats(), headline).map(w -> RunRegime.of(w, statements(run, w.phase())));
    }

    /**
     * The runs an interval is computed over: all of them, or, when the repeats fall into different regimes, those of
     * the majority regime; with no majority (an even split) {@code undecided} says why there is no interval.
     */
    record Split(List<StepRun> runs, String undecided) {
    }

    static Split split(List<StepRun> runs, String headline) {
        if (headline == null || runs == null) {
            return new Split(runs == null ? List.of() : runs, null);
        }
        RegimeGroups g = groups(runs, headline);
        if (!g.bimodal()) {
            return new Split(runs, null);
        }
        Optional<String> majority = g.majority();
        if (majority.isEmpty()) {
            return new Split(runs, g.describe() + ": no regime holds most repeats, so no interval (docs/tpcc.md)");
        }
        List<String> labels = g.groups().get(majority.get());
        return new Split(runs.stream().filter(r -> labels.contains("r" + r.repeat())).toList(), null);
    }

    /** The interval against {@code against}, or none when either side's repeats split evenly between regimes. */
    static EffectInterval slowdown(String against, Split reference, Split step, String headline) {
        return undecided(against, reference, step).orElseGet(() -> EffectInterval.slowdown(against,
                Repeats.headlineValues(reference.runs(), headline), Repeats.headlineValues(step.runs(), headline),
                Repeats.headlineSeconds(step.runs(), headline)));
    }

    /** step ÷ {@code against} in {@code phase} over the split runs, or none when either side split evenly. */
    static EffectInterval ratio(String against, Split reference, Split step, String phase) {
        return undecided(against, reference, step).orElseGet(() -> EffectInterval.ratio(against,
                Repeats.headlineValues(reference.runs(), phase), Repeats.headlineValues(step.runs(), phase)));
    }

    /** No interval, and why, when either side's repeats split evenly between regimes. */
    private static Optional<EffectInterval> undecided(String against, Split reference, Split step) {
        String why = step.undecided() != null ? step.undecided()
                : reference.undecided() != null ? against + " " + reference.undecided() : null;
        return Optional.ofNullable(why).map(w -> new EffectInterval(against, org.pgknobs.stats.WelchLogRatio.METHOD,
                step.runs().size(), reference.runs().size(), null, null, null, null, null, w, null));
    }

    /** The why-rules' view: the measures and the 40001 failures of the phase (retries + 40001 errors). */
    static Optional<Evidence.Regime> evidence(StepRun run, List<StepRun> runs, Optional<PhaseResult> phase,
                                              String headline) {
        Optional<RunRegime> measures = of(run, headline);
        if (measures.isEmpty()) {
            return Optional.empty();
        }
        Long failures = phase.map(Outcome::of).map(Outcome::serializationFailures).orElse(null);
        return Optional.of(new Evidence.Regime(measures.get(), failures, groups(runs, headline)));
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
