package org.pgknobs.experiment.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which runs of a plan one shard performs: a pure function of the plan, so every host computes the same
 * split without talking to the others. Every shard runs the base (all its repeats) so that each host's
 * ratios divide by a base measured on that host; the other runs, in the plan's interleaved order, are
 * dealt round-robin (run k of them to shard k mod n), which spreads both variants and repeats.
 */
public final class ShardSelection {

    private static final Set<String> BASE_NAMES = Set.of("baseline", "base");

    private ShardSelection() {
    }

    /** The step every ratio divides by: one named baseline or base, else the first. */
    public static PlannedStep base(ExperimentPlan plan) {
        return plan.steps().stream().filter(s -> BASE_NAMES.contains(s.name().toLowerCase(Locale.ROOT)))
                .findFirst().orElse(plan.steps().get(0));
    }

    public static List<PlannedRun> select(ExperimentPlan plan, Shard shard) {
        PlannedStep base = base(plan);
        List<PlannedRun> out = new ArrayList<>();
        int dealt = 0;
        for (PlannedRun run : plan.runs()) {
            if (run.step().index() == base.index()) {
                out.add(run);
            } else if (dealt++ % shard.count() == shard.index() - 1) {
                out.add(run);
            }
        }
        return out;
    }
}
