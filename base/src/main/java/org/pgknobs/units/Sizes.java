package org.pgknobs.units;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes: a non-negative decimal number and a unit, {@code B}, {@code kB}, {@code MB}, {@code GB} or
 * {@code TB} (any case, a space allowed), with PostgreSQL's meaning 1kB = 1024 B. The unit is required so
 * that {@code ram: 120} cannot silently mean 120 bytes; write {@code 512B} for bytes.
 */
public final class Sizes {

    public static final String EXAMPLES = "512kB, 10MB, 1.5GB or 2TB";

    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?|\\.\\d+)\\s*(b|kb|mb|gb|tb)?");

    private Sizes() {
    }

    /** The size in bytes. */
    public static long parse(String text) {
        Matcher m = SIZE.matcher(text == null ? "" : text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new UnitException("'" + text + "' is not a size; write e.g. " + EXAMPLES);
        }
        if (m.group(2) == null) {
            throw new UnitException("'" + text + "' has no unit; write e.g. " + EXAMPLES + " (" + text.strip()
                    + "B for bytes)");
        }
        double bytes = Double.parseDouble(m.group(1)) * unitBytes(m.group(2));
        if (bytes >= Long.MAX_VALUE) {
            throw new UnitException("'" + text + "' is too large a size");
        }
        return Math.round(bytes);
    }

    /** Bytes in one B, kB, MB, GB or TB (any case). */
    public static long unitBytes(String unit) {
        return switch (unit.toUpperCase(Locale.ROOT)) {
            case "B" -> 1L;
            case "KB" -> 1L << 10;
            case "MB" -> 1L << 20;
            case "GB" -> 1L << 30;
            case "TB" -> 1L << 40;
            default -> throw new UnitException("unknown size unit '" + unit + "'; use B, kB, MB, GB or TB");
        };
    }
}
