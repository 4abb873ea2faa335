package org.pgknobs.profile;

import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Where a step's server CPU moved against the step it is compared with: each function's self share
 * (the samples where it was running) before and after, in percentage points of each profile's samples.
 */
public final class ProfileDiff {

    /** One function's self share before and after, percent, and the change in points. */
    public record Shift(String function, double beforePercent, double afterPercent) {

        public double points() {
            return afterPercent - beforePercent;
        }

        /** {@code StrategyGetBuffer +14.2 points (3.1 % → 17.3 %)} */
        public String text() {
            return String.format(Locale.ROOT, "%s %+.1f points (%.1f %% → %.1f %%)", function, points(), beforePercent,
                    afterPercent);
        }
    }

    private ProfileDiff() {
    }

    /** Every function of either profile, the largest change (either way) first. */
    public static List<Shift> shifts(FoldedStacks before, FoldedStacks after) {
        Map<String, Double> a = before.selfShares();
        Map<String, Double> b = after.selfShares();
        Set<String> all = new HashSet<>(a.keySet());
        all.addAll(b.keySet());
        return all.stream()
                .map(fn -> new Shift(fn, 100 * a.getOrDefault(fn, 0.0), 100 * b.getOrDefault(fn, 0.0)))
                .sorted(Comparator.comparingDouble((Shift s) -> -Math.abs(s.points())).thenComparing(Shift::function))
                .toList();
    }

    /** The {@code n} functions that gained the most share, by at least {@code minPoints}. */
    public static List<Shift> gains(FoldedStacks before, FoldedStacks after, double minPoints, int n) {
        return shifts(before, after).stream().filter(s -> s.points() >= minPoints)
                .sorted(Comparator.comparingDouble((Shift s) -> -s.points()).thenComparing(Shift::function))
                .limit(n).toList();
    }
}
