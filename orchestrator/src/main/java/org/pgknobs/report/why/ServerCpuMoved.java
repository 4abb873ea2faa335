package org.pgknobs.report.why;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.pgknobs.profile.FoldedStacks;
import org.pgknobs.profile.ProfileDiff;
import org.pgknobs.report.captures.Captures;
import org.pgknobs.report.captures.StepCaptures;

/**
 * "server CPU moved to StrategyGetBuffer (+14.2 points), pread64 (+9.0)": the functions whose self share of
 * the server's CPU samples (profile.folded) grew by at least {@value #MIN_POINTS} points against the step it
 * is compared with. Silent without both profiles, or with fewer than {@value #MIN_SAMPLES} samples in
 * either: a share of a few hundred samples is uncertain by a few points (√(p(1−p)/n)), so smaller moves
 * would be noise.
 */
public final class ServerCpuMoved implements WhyRule {

    static final double MIN_POINTS = 5;
    static final long MIN_SAMPLES = 200;
    private static final int NAMED = 3;

    @Override
    public Optional<Reason> explain(WhyInput input) {
        Optional<FoldedStacks> after = input.captures().flatMap(c -> profile(c.step()));
        Optional<FoldedStacks> before = input.captures().flatMap(Captures::compared).flatMap(ServerCpuMoved::profile);
        if (after.isEmpty() || before.isEmpty()) {
            return Optional.empty();
        }
        List<ProfileDiff.Shift> gains = ProfileDiff.gains(before.get(), after.get(), MIN_POINTS, NAMED);
        if (gains.isEmpty()) {
            return Optional.empty();
        }
        String named = gains.stream()
                .map(s -> String.format(Locale.ROOT, "%s (%+.1f points, %.1f %% → %.1f %%)", s.function(), s.points(),
                        s.beforePercent(), s.afterPercent()))
                .collect(Collectors.joining(", "));
        return Optional.of(new Reason("server-cpu-moved", "server CPU moved to " + named
                + " of the server's CPU samples against the compared step", List.of(FoldedStacks.FILE)));
    }

    private static Optional<FoldedStacks> profile(StepCaptures step) {
        // a broken capture file explains nothing; the report still renders
        return step.profile().lenient().filter(s -> s.samples() >= MIN_SAMPLES);
    }
}
