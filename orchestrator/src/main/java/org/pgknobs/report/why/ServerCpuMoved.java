package org.pgknobs.report.why;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.pgknobs.profile.FoldedStacks;
import org.pgknobs.report.captures.StepCaptures;

/**
 * "server CPU moved to StrategyGetBuffer (+14.2 points, 3.1 % → 17.3 %) of the server's CPU samples against
 * wal (...)": the functions whose self share of the server's CPU samples (profile.folded, pooled over every
 * measured repeat) grew against the compared step by a one-sided two-proportion z-test, Holm-corrected over
 * every function of either profile at a family-wise {@value ShiftTests#FAMILY_ALPHA}, by at least
 * {@value #MIN_POINTS} point, and, where both steps have two repeats or more, in every repeat above every
 * repeat of the compared step. Silent without both profiles, with fewer than {@value #MIN_SAMPLES} samples on
 * a side, or when the step's throughput interval holds 1 (an A/A step says nothing here).
 */
public final class ServerCpuMoved implements WhyRule {

    static final double MIN_POINTS = 1;
    static final long MIN_SAMPLES = 200;
    private static final int NAMED = 3;

    @Override
    public boolean comparative() {
        return true;
    }

    @Override
    public Optional<Reason> explain(WhyInput input) {
        WhyInput.Repeats repeats = input.profiles();
        if (!Comparative.throughputMayHaveMoved(input)) {
            return Optional.empty();
        }
        List<FoldedStacks> after = profiles(repeats.step());
        List<FoldedStacks> before = profiles(repeats.compared());
        if (after.isEmpty() || before.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Long> a = selfCounts(after);
        Map<String, Long> b = selfCounts(before);
        long na = after.stream().mapToLong(FoldedStacks::samples).sum();
        long nb = before.stream().mapToLong(FoldedStacks::samples).sum();
        if (na < MIN_SAMPLES || nb < MIN_SAMPLES) {
            return Optional.empty();
        }
        Set<String> all = new HashSet<>(a.keySet());
        all.addAll(b.keySet());
        List<String> functions = all.stream().sorted().toList();
        double[] p = functions.stream().mapToDouble(f -> ShiftTests.gainP(b.getOrDefault(f, 0L), nb,
                a.getOrDefault(f, 0L), na)).toArray();
        boolean[] rejected = ShiftTests.holm(p, ShiftTests.FAMILY_ALPHA);
        List<Shift> gains = new ArrayList<>();
        for (int i = 0; i < functions.size(); i++) {
            String f = functions.get(i);
            Shift s = new Shift(f, 100.0 * b.getOrDefault(f, 0L) / nb, 100.0 * a.getOrDefault(f, 0L) / na);
            if (rejected[i] && s.points() >= MIN_POINTS && aboveEveryRepeat(f, after, before)) {
                gains.add(s);
            }
        }
        if (gains.isEmpty()) {
            return Optional.empty();
        }
        String named = gains.stream().sorted((x, y) -> Double.compare(y.points(), x.points())).limit(NAMED)
                .map(s -> String.format(Locale.ROOT, "%s (%+.1f points, %.1f %% → %.1f %%)", s.function(), s.points(),
                        s.before(), s.after()))
                .collect(Collectors.joining(", "));
        return Optional.of(new Reason("server-cpu-moved", String.format(Locale.ROOT,
                "server CPU moved to %s of the server's CPU samples against %s (%d and %d samples over %d and %d "
                        + "repeats; z-test, Holm over %d functions)", named, input.comparedName(), na, nb, after.size(),
                before.size(), functions.size()),
                List.of("profile.folded", "compared.profile.folded", "vsCompared.interval")));
    }

    private record Shift(String function, double before, double after) {
        double points() {
            return after - before;
        }
    }

    /** With two repeats or more on both sides, the share must be higher in every repeat than in any of the other's. */
    private static boolean aboveEveryRepeat(String function, List<FoldedStacks> after, List<FoldedStacks> before) {
        if (after.size() < 2 || before.size() < 2) {
            return true;
        }
        double lowestAfter = after.stream().mapToDouble(s -> s.selfShares().getOrDefault(function, 0.0)).min().orElse(0);
        double highestBefore = before.stream().mapToDouble(s -> s.selfShares().getOrDefault(function, 0.0)).max()
                .orElse(0);
        return lowestAfter > highestBefore;
    }

    private static Map<String, Long> selfCounts(List<FoldedStacks> profiles) {
        Map<String, Long> counts = new HashMap<>();
        for (FoldedStacks s : profiles) {
            long n = s.samples();
            s.selfShares().forEach((f, share) -> counts.merge(f, Math.round(share * n), Long::sum));
        }
        return counts;
    }

    private static List<FoldedStacks> profiles(List<StepCaptures> repeats) {
        // a broken capture file explains nothing; the report still renders
        return repeats.stream().map(r -> r.profile().lenient()).flatMap(Optional::stream)
                .filter(s -> s.samples() > 0).toList();
    }
}
