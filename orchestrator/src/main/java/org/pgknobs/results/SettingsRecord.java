package org.pgknobs.results;

import java.nio.file.Path;
import java.util.List;
import org.pgknobs.json.Json;

/**
 * settings.json: how a step's settings were applied ({@code overlay.SettingsReport} writes it from the overlay's
 * result). Durations as milliseconds, so no Jackson time module is needed.
 */
public record SettingsRecord(boolean restarted, long tookMillis, boolean allVerified, List<AppliedSetting> settings) {

    public static SettingsRecord read(Path file) {
        return Json.read(file, SettingsRecord.class);
    }
}
