package org.pgknobs.report.diff;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.pgknobs.profile.FoldedStacks;
import org.pgknobs.profile.ProfileDiff;
import org.pgknobs.results.ProfileSummary;
import org.pgknobs.report.StepRun;

/** {@code pgknobs diff}'s profile part: the functions whose share of the server's CPU samples moved most. */
public final class ProfileDiffSection implements DiffSection {

    static final int SHOWN = 10;
    static final double MIN_POINTS = 0.5;

    @Override
    public String title() {
        return "server CPU profile";
    }

    @Override
    public List<String> lines(StepRun stepA, StepRun stepB) {
        Optional<FoldedStacks> a = stepA.captures().profile().strict();
        Optional<FoldedStacks> b = stepB.captures().profile().strict();
        if (a.isEmpty() && b.isEmpty()) {
            return List.of();
        }
        if (a.isEmpty() || b.isEmpty()) {
            StepRun missing = a.isEmpty() ? stepA : stepB;
            String why = missing.captures().profileSummary().strict().map(ProfileSummary::reason).filter(r -> r != null)
                    .map(r -> ": " + r).orElse(" (observe: [profile] was off)");
            return List.of("no profile in " + missing.dirName() + why);
        }
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "self share of the server's CPU samples (%d → %d samples):",
                a.get().samples(), b.get().samples()));
        ProfileDiff.shifts(a.get(), b.get()).stream().filter(s -> Math.abs(s.points()) >= MIN_POINTS).limit(SHOWN)
                .forEach(s -> out.add("  " + s.text()));
        if (out.size() == 1) {
            out.add(String.format(Locale.ROOT, "  no function moved by %.1f points or more", MIN_POINTS));
        }
        return out;
    }
}
