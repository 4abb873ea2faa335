package org.pgknobs.cli;

import java.time.Duration;
import org.pgknobs.BadInputException;
import org.pgknobs.units.Durations;
import org.pgknobs.units.Sizes;
import org.pgknobs.units.UnitException;

/**
 * Command-line durations and sizes in the one grammar of {@link org.pgknobs.units}, and server setting names,
 * errors naming the option.
 */
final class OptionUnits {

    private OptionUnits() {
    }

    static Duration duration(String text, String option, Durations.Zero zero) {
        try {
            return Durations.parse(text, zero);
        } catch (UnitException e) {
            throw new BadInputException(option + " " + e.getMessage());
        }
    }

    /** A duration in whole seconds, for options whose consumer counts seconds. */
    static int seconds(String text, String option, Durations.Zero zero) {
        Duration d = duration(text, option, zero);
        if (d.toMillis() % 1000 != 0 || d.getSeconds() > Integer.MAX_VALUE) {
            throw new BadInputException(option + " '" + text + "': give whole seconds, e.g. 30s, 1.5m or 1h");
        }
        return (int) d.getSeconds();
    }

    static long size(String text, String option) {
        try {
            return Sizes.parse(text);
        } catch (UnitException e) {
            throw new BadInputException(option + " " + e.getMessage());
        }
    }

    /** Names given to --set NAME=VALUE: checked here so a typo fails before a server is started. */
    static void settingNames(java.util.Collection<String> names, String option) {
        names.stream().filter(k -> !k.matches("[a-z_][a-z0-9_.]*")).findFirst().ifPresent(k -> {
            throw new BadInputException(option + " " + k + "=...: not a PostgreSQL setting name (lower-case letters, "
                    + "digits, _ and .), e.g. " + option + " synchronous_commit=off");
        });
    }
}
