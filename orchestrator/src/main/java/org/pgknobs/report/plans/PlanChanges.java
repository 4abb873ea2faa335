package org.pgknobs.report.plans;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.pgknobs.report.captures.StepCaptures;
import org.pgknobs.results.PlanDigest;
import org.pgknobs.results.StepPlans;

/**
 * The plan changes from one step to another, statement by statement (matched by name), from their
 * digests: first the scans that differ, else the join methods, else the node types. Statements whose
 * EXPLAIN failed on either side, or that only one side has, are left out; costs alone are no change.
 */
public final class PlanChanges {

    private PlanChanges() {
    }

    /** {@link #compare}'s changes, none when either step has no plans.json. */
    public static List<PlanChange> read(StepCaptures before, StepCaptures after) {
        return compare(before, after).orElse(List.of());
    }

    /**
     * From the two steps' plans.json, largest share of server time first (statements.json of {@code after},
     * when it has them), else in the workload's order. Empty when either step has no plans.
     */
    public static Optional<List<PlanChange>> compare(StepCaptures before, StepCaptures after) {
        Optional<StepPlans> a = before.plans().lenient();
        Optional<StepPlans> b = after.plans().lenient();
        if (a.isEmpty() || b.isEmpty()) {
            return Optional.empty();
        }
        List<PlanChange> changes = between(a.get(), b.get());
        if (changes.isEmpty()) {
            return Optional.of(changes);
        }
        StatementShares shares = StatementShares.forStep(after);
        List<PlanChange> out = new ArrayList<>();
        for (PlanChange c : changes) {
            String sql = b.get().statement(c.statement()).map(StepPlans.StatementPlan::sql).orElse(null);
            out.add(c.withShare(shares.share(c.queryId(), sql)));
        }
        return Optional.of(out.stream()
                .sorted(Comparator.comparing((PlanChange c) -> c.serverTimeShare() == null ? 0 : -c.serverTimeShare()))
                .toList());
    }

    public static List<PlanChange> between(StepPlans before, StepPlans after) {
        List<PlanChange> out = new ArrayList<>();
        for (StepPlans.StatementPlan b : after.statements()) {
            Optional<StepPlans.StatementPlan> a = before.statement(b.name());
            if (a.isEmpty() || a.get().digest() == null || b.digest() == null) {
                continue;
            }
            PlanDigest x = a.get().digest();
            PlanDigest y = b.digest();
            change(x, y).ifPresent(words -> out.add(new PlanChange(b.name(), words[0], words[1], x.totalCost(),
                    y.totalCost(), b.queryId() != null ? b.queryId() : a.get().queryId(), null)));
        }
        return out;
    }

    /** What differs, in EXPLAIN's words, or empty when the plans are alike. */
    static Optional<String[]> change(PlanDigest a, PlanDigest b) {
        if (!a.scans().equals(b.scans())) {
            return Optional.of(differing(a.scans(), b.scans(), ", "));
        }
        if (!a.joinMethods().equals(b.joinMethods())) {
            return Optional.of(differing(a.joinMethods(), b.joinMethods(), ", "));
        }
        if (!a.nodeTypes().equals(b.nodeTypes())) {
            return Optional.of(new String[] {words(a.nodeTypes(), " > "), words(b.nodeTypes(), " > ")});
        }
        return Optional.empty();
    }

    /** The items only one side has; both sides whole when that leaves one side empty (an item added or reordered). */
    private static String[] differing(List<String> a, List<String> b, String sep) {
        List<String> onlyA = minus(a, b);
        List<String> onlyB = minus(b, a);
        if (onlyA.isEmpty() || onlyB.isEmpty()) {
            return new String[] {words(a, sep), words(b, sep)};
        }
        return new String[] {words(onlyA, sep), words(onlyB, sep)};
    }

    /** {@code a} without one occurrence of each element of {@code b}. */
    private static List<String> minus(List<String> a, List<String> b) {
        List<String> left = new ArrayList<>(a);
        b.forEach(left::remove);
        return left;
    }

    private static String words(List<String> items, String sep) {
        List<String> named = items.stream().filter(Objects::nonNull).toList();
        return named.isEmpty() ? "(none)" : String.join(sep, named);
    }
}
