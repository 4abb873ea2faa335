package org.pgknobs.report.why;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * "client hit ratio 92.1 % in baseline → 90.2 % (shared_buffers 8MB, was 128MB)": fires when client backends
 * found {@value #MIN_DROP_POINTS} percentage points or more fewer pages in shared buffers than in the compared
 * step. shared_buffers is named only when it differs from the compared step's: a step whose own change (a
 * seq scan) lowered the hit ratio is not blamed on a setting it shares.
 */
public final class HitRatioDrop implements WhyRule {

    static final double MIN_DROP_POINTS = 1.0;

    @Override
    public boolean comparative() {
        return true;
    }

    @Override
    public Optional<Reason> explain(WhyInput input) {
        Double now = input.hitRatio();
        Double before = input.comparedHitRatio();
        if (now == null || before == null || (before - now) * 100 < MIN_DROP_POINTS) {
            return Optional.empty();
        }
        List<String> figures = new ArrayList<>(List.of("clientHitRatio", "compared.clientHitRatio",
                "settings.shared_buffers", "compared.settings.shared_buffers", "vsCompared.interval"));
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "client hit ratio %.1f %% in %s → %.1f %%",
                before * 100, input.comparedName(), now * 100));
        Optional<String> mine = input.setting("shared_buffers");
        Optional<String> theirs = input.comparedSetting("shared_buffers");
        if (mine.isPresent() && theirs.isPresent() && !SettingValues.same(mine.get(), theirs.get())) {
            text.append(" (shared_buffers ").append(mine.get()).append(", was ").append(theirs.get()).append(')');
        }
        return Optional.of(new Reason("hit-ratio-drop", Comparative.worded(input, text.toString()), figures));
    }
}
