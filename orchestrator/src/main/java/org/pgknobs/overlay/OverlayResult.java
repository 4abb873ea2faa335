package org.pgknobs.overlay;

import java.time.Duration;
import java.util.List;
import org.pgknobs.results.AppliedSetting;

/** What an overlay did: every requested setting with its effective value, and whether the server was restarted. */
public record OverlayResult(List<AppliedSetting> settings, boolean restarted, Duration took) {

    public OverlayResult {
        settings = List.copyOf(settings);
    }

    public boolean allVerified() {
        return settings.stream().allMatch(AppliedSetting::verified);
    }

    public List<AppliedSetting> mismatches() {
        return settings.stream().filter(s -> !s.verified()).toList();
    }
}
