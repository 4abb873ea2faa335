package org.pgknobs.experiment.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.Mode;
import org.pgknobs.experiment.StepSpec;

/**
 * What {@code --steps} keeps of an experiment, and what the kept steps run with. In a cumulative file a
 * step is what the chain makes of it: the base, every earlier step's settings, then its own; that step is
 * the one a published value belongs to. So by default each kept step runs as the chain defines it: the
 * settings of the steps left out before it are folded into it. {@code stepsOnly} asks for the kept steps'
 * own settings on the base and the kept steps before them only; a step whose settings then differ from
 * the chain's is not the published step and loses its published value ({@link Chosen#notPublished}).
 * In the other modes steps do not build on each other, and the kept steps run as written.
 */
public record StepSelection(List<String> names, boolean stepsOnly) {

    public StepSelection {
        names = List.copyOf(names);
    }

    /**
     * @param experiment   the experiment with the kept steps only, as they run
     * @param notPublished step → why its published value does not apply to it (steps-only, differing from the chain)
     */
    public record Chosen(Experiment experiment, Map<String, String> notPublished) {
    }

    public Chosen applyTo(Experiment full) {
        Set<String> kept = Set.copyOf(names);
        if (full.mode() != Mode.CUMULATIVE) {
            return new Chosen(full.onlySteps(kept), Map.of());
        }
        if (!stepsOnly) {
            return new Chosen(chained(full, kept).onlySteps(kept), Map.of());
        }
        Experiment alone = full.onlySteps(kept);
        ExperimentPlan chain = ExperimentPlan.of(full);
        Map<String, String> why = new LinkedHashMap<>();
        for (PlannedStep s : ExperimentPlan.of(alone).steps()) {
            chain.step(s.name()).filter(c -> !c.settings().equals(s.settings())).ifPresent(c -> why.put(s.name(),
                    "steps-only: " + s.settings().size() + " settings, not the chain's " + c.settings().size()
                            + " (without " + String.join(", ", leftOutBefore(full, kept, s.name())) + ")"));
        }
        return new Chosen(alone.withoutPublished(why.keySet()), why);
    }

    /**
     * Each kept step takes over the settings of the steps left out before it that the chain carries (a
     * step expected to fail, or an optional one not included, carries nothing), later values winning.
     */
    private static Experiment chained(Experiment full, Set<String> kept) {
        List<StepSpec> steps = new ArrayList<>();
        Map<String, Object> leftOut = new LinkedHashMap<>();
        List<String> from = new ArrayList<>();
        for (StepSpec s : full.steps()) {
            if (!kept.contains(s.name())) {
                if (ExperimentPlan.carried(full, s) && !s.settings().isEmpty()) {
                    ExperimentPlan.putAll(leftOut, s.settings());
                    from.add(s.name());
                }
                continue;
            }
            if (from.isEmpty()) {
                steps.add(s);
                continue;
            }
            Map<String, Object> settings = new LinkedHashMap<>(leftOut);
            ExperimentPlan.putAll(settings, s.settings());
            String note = "With the settings of " + String.join(", ", from) + " before it (not selected; the chain carries them).";
            steps.add(new StepSpec(s.name(), s.description().isEmpty() ? note : s.description() + " " + note, settings,
                    s.initdb(), s.expectFail(), s.optional()));
            if (ExperimentPlan.carried(full, s)) {
                leftOut.clear();
                from.clear();
            }
        }
        return full.withSteps(steps);
    }

    /** The steps left out before {@code step} whose settings the chain would have carried into it. */
    private static List<String> leftOutBefore(Experiment full, Set<String> kept, String step) {
        List<String> out = new ArrayList<>();
        for (StepSpec s : full.steps()) {
            if (s.name().equals(step)) {
                break;
            }
            if (!kept.contains(s.name()) && ExperimentPlan.carried(full, s) && !s.settings().isEmpty()) {
                out.add(s.name());
            }
        }
        return out;
    }
}
