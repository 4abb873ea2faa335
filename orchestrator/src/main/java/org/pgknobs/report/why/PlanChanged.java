package org.pgknobs.report.why;

import java.util.List;
import java.util.Optional;
import org.pgknobs.report.plans.PlanChange;
import org.pgknobs.report.plans.PlanChanges;

/**
 * "plan changed: NewOrder.getStock: Index Scan using stock_pkey on stock → Seq Scan on stock (62 % of server
 * time)": fires when at least one statement's plan differs from the compared step's (the step before, or the
 * base in variants), both read from plans.json; the largest shares of server time (statements.json, when the
 * step has one) first, at most {@value #SHOWN} named.
 */
public final class PlanChanged implements WhyRule {

    static final int SHOWN = 3;

    @Override
    public boolean comparative() {
        return true;
    }

    @Override
    public Optional<Reason> explain(WhyInput input) {
        List<PlanChange> changes = input.plans()
                .flatMap(c -> c.compared().map(before -> PlanChanges.read(before, c.step()))).orElse(List.of());
        if (changes.isEmpty()) {
            return Optional.empty();
        }
        List<PlanChange> shown = changes.subList(0, Math.min(SHOWN, changes.size()));
        List<String> figures = List.of("plans.json", "compared.plans.json", "statements.json", "vsCompared.interval");
        String more = changes.size() > SHOWN ? "; and " + (changes.size() - SHOWN) + " more" : "";
        return Optional.of(new Reason("plan-changed", Comparative.worded(input, "plan changed against "
                + input.comparedName() + ": " + String.join("; ", shown.stream().map(PlanChange::textWithShare).toList())
                + more), figures));
    }
}
