package org.pgknobs.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.pgknobs.experiment.plan.ExperimentPlan;
import org.pgknobs.experiment.plan.PlannedRun;
import org.pgknobs.experiment.plan.PlannedStep;
import org.pgknobs.experiment.plan.ShardSelection;

/**
 * The bracketed base (docs/experiments.md, "The bracketed base"): a machine and a client that warm up (or slow
 * down) while a sweep runs move every step after the first, and a base measured once, first, cannot tell that from
 * the settings. So a warm-up run of the base, discarded, comes before anything is measured; the base is measured
 * first, after every segment of at most {@code every} other runs, and last; and the rounds after the first run
 * their steps in a shuffled order (seeded by the round: the same on every host and on --resume), so that no step
 * always runs in the same place. Every base measurement is a repeat of the base: the base's spread holds the drift.
 * A pure function of the order it is given, so a shard brackets its own base and a resumed run finds its runs
 * where they were.
 */
final class BracketSchedule {

    /** The seed of round r's shuffle is {@code SEED + r}: fixed, so the order is recorded by the rule itself. */
    static final long SEED = 37;

    /** How the order within rounds was varied, as suite.json records it. */
    static final String ORDER_RULE = "round 1 in the file's order; each later round r shuffled with java.util.Random("
            + SEED + " + r)";

    /**
     * The order to run and the warm-up before it.
     *
     * @param warmup the base's discarded warm-up run (repeat 0); empty when the order is not bracketed
     */
    record Bracketed(List<PlannedRun> order, Optional<PlannedRun> warmup) {
    }

    private BracketSchedule() {
    }

    /** Whether {@code plan}'s base is bracketed: a sweep or a chain with the bracket on. */
    static boolean applies(ExperimentPlan plan) {
        return plan.bracketed();
    }

    /**
     * {@code order} (rounds interleaved, this shard's share) with its base bracketed; unchanged when the bracket
     * is off, in an ablation, or when the order holds no step but the base.
     */
    static Bracketed arrange(ExperimentPlan plan, List<PlannedRun> order) {
        if (!applies(plan)) {
            return new Bracketed(order, Optional.empty());
        }
        PlannedStep base = ShardSelection.base(plan);
        Map<Integer, List<PlannedRun>> rounds = new LinkedHashMap<>();
        order.stream().filter(p -> p.step().index() != base.index())
                .forEach(p -> rounds.computeIfAbsent(p.repeat(), r -> new ArrayList<>()).add(p));
        if (rounds.isEmpty()) {
            return new Bracketed(order, Optional.empty());
        }
        int every = plan.experiment().measurement().bracket();
        int bases = 1 + rounds.values().stream().mapToInt(r -> segments(r.size(), every)).sum();
        List<PlannedRun> out = new ArrayList<>();
        out.add(new PlannedRun(base, 1, bases));
        for (Map.Entry<Integer, List<PlannedRun>> r : rounds.entrySet()) {
            out.addAll(round(base, r.getValue(), r.getKey(), baseMeasurements(out, base) + 1, bases, every));
        }
        return new Bracketed(out, Optional.of(warmup(base, bases)));
    }

    /** The discarded warm-up run of the base: repeat 0, in its own directory. */
    static PlannedRun warmup(PlannedStep base, int repeats) {
        return new PlannedRun(base, 0, repeats);
    }

    /**
     * One round's runs of the other steps in the order they run (shuffled after round 1), with a measurement of the
     * base after every segment of at most {@code every} of them; the segments are as even as can be.
     *
     * @param firstBase the repeat number of the round's first base measurement
     * @param repeats   the base's {@code repeats} as its runs carry it (above 1: its runs have rK directories)
     */
    static List<PlannedRun> round(PlannedStep base, List<PlannedRun> runs, int round, int firstBase, int repeats,
                                  int every) {
        List<PlannedRun> varied = new ArrayList<>(runs);
        if (round > 1) {
            Collections.shuffle(varied, new Random(SEED + round));
        }
        int segments = segments(varied.size(), every);
        List<PlannedRun> out = new ArrayList<>();
        int from = 0;
        for (int s = 0; s < segments; s++) {
            int size = varied.size() / segments + (s < varied.size() % segments ? 1 : 0);
            out.addAll(varied.subList(from, from + size));
            from += size;
            out.add(new PlannedRun(base, firstBase + s, Math.max(2, repeats)));
        }
        return out;
    }

    /** Segments of at most {@code every} runs that {@code runs} runs split into. */
    static int segments(int runs, int every) {
        return ExperimentPlan.bracketSegments(runs, every);
    }

    /** A run's headline throughput; null when it measured none. */
    static Double throughput(org.pgknobs.results.StepResult r) {
        if (r.workload() == null) {
            return null;
        }
        return r.workload().phases().stream().filter(p -> p.name().equals(r.workload().headlinePhase())).findFirst()
                .map(org.pgknobs.results.PhaseResult::throughput).orElse(null);
    }

    private static int baseMeasurements(List<PlannedRun> order, PlannedStep base) {
        return (int) order.stream().filter(p -> p.step().index() == base.index()).count();
    }
}
