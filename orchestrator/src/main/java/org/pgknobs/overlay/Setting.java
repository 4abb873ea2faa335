package org.pgknobs.overlay;

import java.util.List;

/**
 * One row of {@code pg_settings}: what the server knows about a parameter and its current value.
 * {@code unit} is null for unit-less parameters; {@code enumvals} is empty unless {@code vartype} is enum.
 */
public record Setting(String name, String setting, String unit, String vartype, String context,
                      List<String> enumvals, String minVal, String maxVal, boolean pendingRestart, String source) {

    public Setting {
        enumvals = enumvals == null ? List.of() : List.copyOf(enumvals);
    }

    public boolean isRestartOnly() {
        return "postmaster".equals(context);
    }

    /** The value as a user reads it: "1024" with unit "8kB" prints as "1024 (8kB)"; unit-less as is. */
    public String displayValue() {
        return unit == null ? setting : setting + " (" + unit + ")";
    }
}
