package org.pgknobs.overlay;

import java.nio.file.Path;
import java.util.List;
import org.pgknobs.json.Json;
import org.pgknobs.results.AppliedSetting;
import org.pgknobs.results.SettingsRecord;

/** Renders an {@link OverlayResult}: {@code settings.json} ({@link SettingsRecord}) as data first, and a one-line-per-setting table for people. */
public final class SettingsReport {

    private SettingsReport() {
    }

    public static SettingsRecord json(OverlayResult result) {
        return new SettingsRecord(result.restarted(), result.took().toMillis(), result.allVerified(), result.settings());
    }

    /** Written atomically: a crash mid-write leaves the previous file or none, never half of one. */
    public static void writeJson(OverlayResult result, Path file) {
        Json.write(file, json(result));
    }

    /** Columns name, requested, effective (with pg_settings' unit), verified; then one summary line. */
    public static String table(OverlayResult result) {
        int n = Math.max(4, result.settings().stream().mapToInt(s -> s.name().length()).max().orElse(0));
        int r = Math.max(9, result.settings().stream().mapToInt(s -> s.requested().length()).max().orElse(0));
        int e = Math.max(9, result.settings().stream().mapToInt(s -> s.effectiveWithUnit().length()).max().orElse(0));
        String fmt = "%-" + n + "s  %-" + r + "s  %-" + e + "s  %s%n";
        StringBuilder sb = new StringBuilder(String.format(fmt, "name", "requested", "effective", "verified"));
        for (AppliedSetting s : result.settings()) {
            sb.append(String.format(fmt, s.name(), s.requested(), s.effectiveWithUnit(),
                    (s.verified() ? "yes" : "NO") + (s.restartRequired() ? " (restart)" : "")));
        }
        long ok = result.settings().stream().filter(AppliedSetting::verified).count();
        sb.append(ok).append(" of ").append(result.settings().size()).append(" settings verified; server ")
                .append(result.restarted() ? "restarted" : "not restarted").append("; took ")
                .append(result.took().toMillis()).append(" ms").append(System.lineSeparator());
        return sb.toString();
    }
}
