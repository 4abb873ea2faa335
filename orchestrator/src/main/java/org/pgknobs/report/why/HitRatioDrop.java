package org.pgknobs.report.why;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.pgknobs.collector.Derived;

/**
 * "client hit ratio 99.9 % → 70.5 % (shared_buffers=8MB)": fires when client backends found
 * {@value #MIN_DROP_POINTS} percentage points fewer pages in shared buffers than in the baseline step.
 */
public final class HitRatioDrop implements WhyRule {

    static final double MIN_DROP_POINTS = 1.0;

    @Override
    public Optional<Reason> explain(WhyInput input) {
        Double now = input.step().clientHitRatio();
        Double before = input.baseline().map(Derived::clientHitRatio).orElse(null);
        if (now == null || before == null || (before - now) * 100 < MIN_DROP_POINTS) {
            return Optional.empty();
        }
        List<String> figures = new ArrayList<>(List.of("clientHitRatio", "baseline.clientHitRatio"));
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "client hit ratio %.1f %% → %.1f %%",
                before * 100, now * 100));
        input.setting("shared_buffers").ifPresent(v -> {
            text.append(" (shared_buffers=").append(v).append(')');
            figures.add("settings.shared_buffers");
        });
        return Optional.of(new Reason("hit-ratio-drop", text.toString(), figures));
    }
}
