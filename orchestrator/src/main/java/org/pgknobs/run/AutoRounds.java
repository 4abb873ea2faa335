package org.pgknobs.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.pgknobs.experiment.Mode;
import org.pgknobs.experiment.RepeatsAuto;
import org.pgknobs.experiment.plan.ExperimentPlan;
import org.pgknobs.experiment.plan.PlannedRun;
import org.pgknobs.experiment.plan.PlannedStep;
import org.pgknobs.experiment.plan.ShardSelection;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteLayout;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.stats.AutoRepeats;
import org.pgknobs.stats.Comparison;
import org.pgknobs.stats.NoInterval;
import org.pgknobs.stats.RatioInterval;
import org.pgknobs.stats.RoundsDecision;

/**
 * {@code repeats: auto} in a suite: after each complete round, reads the repeats on disk, asks
 * {@link AutoRepeats} whether every step's interval against the step it is compared with (the base in variants,
 * the step before in a cumulative chain, as the report compares them) has settled, records the decision in
 * suite.json and plans the next round. Reading the files, not memory, is what lets {@code --resume} continue the
 * rounds where they were. A step with a repeat that did not measure (failed, rejected, n/a, expected to fail,
 * nothing completed) leaves the comparisons, and runs no more rounds: its interval could never settle.
 */
final class AutoRounds {

    private final RepeatsAuto spec;
    private final AutoRepeats rule;
    private final ExperimentPlan plan;

    /** The decision after a round: what suite.json records, and the steps of the next round (empty: stop). */
    record Decision(SuiteRecord.Rounds record, List<PlannedRun> nextRound) {
    }

    AutoRounds(RepeatsAuto spec, ExperimentPlan plan) {
        this.spec = spec;
        this.rule = new AutoRepeats(spec.min(), spec.max(), spec.target());
        this.plan = plan;
    }

    /**
     * The rounds planned up front: one, or as many as a resumed directory already holds (up to {@code max}). Every
     * later round, those below {@code min} included, is decided after the one before, so a step that completed
     * nothing or failed in round 1 runs no second repeat: its verdict rests on a bound that the base's repeats
     * give, and the run saves those repeats' time (docs/reproduction.md, "What the restore and the estimate rest on").
     */
    static int roundsPlanned(RepeatsAuto spec, SuiteRecord earlier) {
        // a bracketed base is measured more often than once a round: its repeats count no rounds
        String bracketed = earlier == null || earlier.bracket() == null ? null : earlier.bracket().base();
        int held = earlier == null ? 0 : earlier.steps().stream().filter(e -> !e.name().equals(bracketed))
                .mapToInt(SuiteRecord.Entry::repeat).max().orElse(0);
        return Math.min(spec.max(), Math.max(1, held));
    }

    /** The most runs the rounds after the planned ones can add: every step in every round up to {@code max}. */
    int runsThatMayFollow(SuiteRecord earlier) {
        return plan.steps().size() * (spec.max() - roundsPlanned(spec, earlier));
    }

    /** After the runs in {@code entries} (complete rounds): stop, or the next round's runs. */
    Decision afterRound(SuiteLayout layout, List<SuiteRecord.Entry> entries) {
        Map<String, List<Double>> samples = new LinkedHashMap<>();
        Map<String, String> dead = new LinkedHashMap<>();
        plan.steps().stream().filter(s -> s.expectFail().isPresent())
                .forEach(s -> dead.put(s.name(), s.name() + " is expected to fail"));
        for (SuiteRecord.Entry e : entries) {
            if (dead.containsKey(e.name())) {
                continue;
            }
            String label = e.name() + " r" + e.repeat();
            if (e.status() != StepStatus.DONE) {
                dead.put(e.name(), label + " is " + e.status().json());
                continue;
            }
            Double throughput = throughput(layout.root().resolve(e.dir()));
            if (throughput == null || !(throughput > 0)) {
                dead.put(e.name(), label + " completed nothing");
                continue;
            }
            samples.computeIfAbsent(e.name(), k -> new ArrayList<>()).add(throughput);
        }
        dead.keySet().forEach(samples::remove);
        List<Comparison> all = comparisons(dead.keySet());
        List<Comparison> live = all.stream().filter(c -> !dead.containsKey(c.step()) && !dead.containsKey(c.reference()))
                .toList();
        Map<String, List<Double>> compared = new LinkedHashMap<>();
        live.forEach(c -> List.of(c.reference(), c.step()).forEach(s -> compared.put(s, samples.getOrDefault(s, List.of()))));
        String base = ShardSelection.base(plan).name();
        boolean bracketed = BracketSchedule.applies(plan);
        RoundsDecision decision = rule.decide(compared, live, bracketed ? base : null);
        List<SuiteRecord.RoundComparison> states = new ArrayList<>();
        decision.comparisons().forEach(s -> states.add(state(s)));
        all.stream().filter(c -> !live.contains(c)).forEach(c -> states.add(new SuiteRecord.RoundComparison(c.step(),
                c.reference(), "not-compared", null, null, null, null,
                dead.getOrDefault(c.step(), dead.get(c.reference())))));
        boolean stop = decision.stop() || decision.rounds() >= spec.max();
        SuiteRecord.Rounds record = new SuiteRecord.Rounds(spec.min(), spec.max(), spec.target(), decision.rounds(),
                stop, decision.reason().name().toLowerCase().replace('_', '-'), decision.why(), states);
        if (stop) {
            return new Decision(record, List.of());
        }
        Set<String> next = compared.keySet();
        List<PlannedRun> round = plan.round(decision.rounds() + 1, spec.max()).stream()
                .filter(p -> next.contains(p.step().name())).toList();
        if (bracketed && next.contains(base)) {
            int measured = (int) entries.stream().filter(e -> e.name().equals(base)).count();
            round = BracketSchedule.round(ShardSelection.base(plan), round.stream()
                    .filter(p -> !p.step().name().equals(base)).toList(), decision.rounds() + 1, measured + 1,
                    measured + 1, plan.experiment().measurement().bracket());
        }
        return new Decision(record, round);
    }

    /** Variants: every step against the base; cumulative: each against the last measurable step before it. */
    private List<Comparison> comparisons(Set<String> dead) {
        List<String> names = plan.steps().stream().map(PlannedStep::name).toList();
        String base = ShardSelection.base(plan).name();
        if (plan.experiment().mode() != Mode.CUMULATIVE) {
            return Comparison.againstBase(names, base);
        }
        List<Comparison> out = new ArrayList<>();
        String before = null;
        for (PlannedStep s : plan.steps()) {
            if (s.expectFail().isPresent()) {
                continue;
            }
            if (before != null) {
                out.add(new Comparison(s.name(), before));
            }
            if (!dead.contains(s.name()) || before == null) {
                before = s.name();
            }
        }
        return out;
    }

    private static SuiteRecord.RoundComparison state(RoundsDecision.Status s) {
        Comparison c = s.comparison();
        if (s.interval() instanceof RatioInterval i) {
            Set<String> held = new LinkedHashSet<>();
            if (s.clearOfOne()) {
                held.add("clear-of-1");
            }
            if (s.narrowEnough()) {
                held.add("narrower-than-target");
            }
            return new SuiteRecord.RoundComparison(c.step(), c.reference(), held.isEmpty() ? "unsettled"
                    : String.join(", ", held), i.ratio(), i.lower(), i.upper(), i.relativeHalfWidth(), null);
        }
        NoInterval none = (NoInterval) s.interval();
        return new SuiteRecord.RoundComparison(c.step(), c.reference(), "no-interval", null, null, null, null,
                none.reason());
    }

    private static Double throughput(Path dir) {
        Path json = SuiteLayout.stepJson(dir);
        if (!Files.isRegularFile(json)) {
            return null;
        }
        StepResult r = JsonFiles.read(json, StepResult.class);
        return r.workload() == null ? null : r.workload().headline().throughput();
    }
}
