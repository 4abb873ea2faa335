package org.pgknobs.report.diff;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.pgknobs.report.StepRun;
import org.pgknobs.report.plans.PlanChange;
import org.pgknobs.report.plans.PlanChanges;
import org.pgknobs.results.StepPlans;

/** {@code pgknobs diff}'s plans: every statement whose plan differs, with its cost in both steps. */
public final class PlanDiffSection implements DiffSection {

    @Override
    public String title() {
        return "plans";
    }

    @Override
    public List<String> lines(StepRun stepA, StepRun stepB) {
        Optional<StepPlans> a = stepA.captures().plans().lenient();
        Optional<StepPlans> b = stepB.captures().plans().lenient();
        if (a.isEmpty() && b.isEmpty()) {
            return List.of();
        }
        if (a.isEmpty() || b.isEmpty()) {
            return List.of((a.isEmpty() ? stepA : stepB).dirName() + " has no " + StepPlans.FILE
                    + " (a run before plans were captured, or a workload that names no statements)");
        }
        List<String> out = new ArrayList<>();
        for (StepPlans p : List.of(a.get(), b.get())) {
            if (p.error() != null) {
                out.add((p == a.get() ? stepA : stepB).dirName() + ": plans " + p.error());
            }
        }
        List<PlanChange> changes = PlanChanges.read(stepA.captures(), stepB.captures());
        changes.forEach(c -> out.add(c.textWithShare() + " (cost " + cost(c.costBefore()) + " → " + cost(c.costAfter()) + ")"));
        if (changes.isEmpty() && out.isEmpty()) {
            out.add("no plan changed (" + b.get().statements().size() + " statements)");
        }
        return out;
    }

    private static String cost(Double c) {
        if (c == null) {
            return "?";
        }
        return Math.abs(c) >= 1e6 ? String.format(Locale.ROOT, "%.3g", c) : String.format(Locale.ROOT, "%.2f", c);
    }
}
