package org.pgknobs.units;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations: a non-negative decimal number and an optional unit, {@code ms}, {@code s}/{@code sec},
 * {@code m}/{@code min} or {@code h} (any case, a space allowed before the unit); no unit means seconds.
 * Examples: {@code 500ms}, {@code 1.5m}, {@code 30}, {@code 1h}. Rounded to whole milliseconds.
 */
public final class Durations {

    /** Whether a duration of zero is meaningful where it is read (a warm-up may be 0, a measured time not). */
    public enum Zero { ALLOWED, REJECTED }

    public static final String EXAMPLES = "500ms, 30s, 1.5m or 1h";

    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?|\\.\\d+)\\s*(ms|s|sec|m|min|h)?");

    private Durations() {
    }

    public static Duration parse(String text, Zero zero) {
        Matcher m = DURATION.matcher(text == null ? "" : text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new UnitException("'" + text + "' is not a duration; write e.g. " + EXAMPLES
                    + " (no unit means seconds)");
        }
        double amount = Double.parseDouble(m.group(1));
        double millis = amount * switch (m.group(2) == null ? "s" : m.group(2)) {
            case "ms" -> 1;
            case "m", "min" -> 60_000;
            case "h" -> 3_600_000;
            default -> 1000;
        };
        if (millis >= Long.MAX_VALUE) {
            throw new UnitException("'" + text + "' is too long a duration");
        }
        Duration d = Duration.ofMillis(Math.round(millis));
        if (d.isZero() && zero == Zero.REJECTED) {
            throw new UnitException("'" + text + "' must be positive (more than 0), e.g. 30s");
        }
        return d;
    }
}
