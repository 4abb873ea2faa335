package org.pgknobs.results;

/**
 * One requested setting after apply: what was asked, what pg_settings shows (in {@code unit}), and
 * whether the two are equal once normalized.
 *
 * @param restartRequired the change waited for a server restart (pg_settings.pending_restart after reload)
 */
public record AppliedSetting(String name, String requested, String effective, String unit, String context,
                             String source, boolean verified, boolean restartRequired) {

    /** "1024 (8kB)" style, as a user reads pg_settings. */
    public String effectiveWithUnit() {
        return unit == null ? effective : effective + " (" + unit + ")";
    }
}
