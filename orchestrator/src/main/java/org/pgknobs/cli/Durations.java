package org.pgknobs.cli;

import java.time.Duration;
import java.util.Locale;
import org.pgknobs.BadInputException;

/** Durations as users write them on the command line: 500ms, 1s, 2m, 1h, or plain seconds. */
final class Durations {

    private Durations() {
    }

    static Duration parse(String text, String option) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        try {
            if (t.endsWith("ms")) {
                return positive(Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2))), text, option);
            }
            if (t.endsWith("s")) {
                return positive(Duration.ofMillis((long) (Double.parseDouble(t.substring(0, t.length() - 1)) * 1000)), text, option);
            }
            if (t.endsWith("m")) {
                return positive(Duration.ofSeconds(Long.parseLong(t.substring(0, t.length() - 1)) * 60), text, option);
            }
            if (t.endsWith("h")) {
                return positive(Duration.ofHours(Long.parseLong(t.substring(0, t.length() - 1))), text, option);
            }
            return positive(Duration.ofMillis((long) (Double.parseDouble(t) * 1000)), text, option);
        } catch (NumberFormatException e) {
            throw new BadInputException(option + " " + text + ": not a duration; write e.g. 500ms, 1s, 2m or 1h");
        }
    }

    private static Duration positive(Duration d, String text, String option) {
        if (d.isNegative() || d.isZero()) {
            throw new BadInputException(option + " " + text + ": must be positive");
        }
        return d;
    }
}
