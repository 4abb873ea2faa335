package org.pgknobs.report.why;

import org.pgknobs.units.Sizes;
import org.pgknobs.units.UnitException;

/** Two spellings of one setting's value: "8MB" as a step wrote it and "1024 8kB" as pg_settings shows it are the same. */
final class SettingValues {

    private SettingValues() {
    }

    static boolean same(String a, String b) {
        if (a.strip().equalsIgnoreCase(b.strip())) {
            return true;
        }
        Long x = bytes(a);
        Long y = bytes(b);
        return x != null && x.equals(y);
    }

    /** A size in bytes ("8MB", or pg_settings' "1024 8kB"), or null when the value is not a size. */
    static Long bytes(String value) {
        String v = value.strip();
        try {
            String[] parts = v.split("\\s+");
            if (parts.length == 2 && Character.isDigit(parts[1].charAt(0))) {
                return Long.parseLong(parts[0]) * Sizes.parse(parts[1]);
            }
            return Sizes.parse(v);
        } catch (UnitException | NumberFormatException e) {
            return null;
        }
    }
}
