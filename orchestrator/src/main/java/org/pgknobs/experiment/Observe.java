package org.pgknobs.experiment;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * Captures an experiment may turn on beside the always-on pg_stat_* collector ({@code observe:} in the file,
 * {@code --observe} on the command line). Each costs something measurable, so each is asked for by name:
 * {@code statements} loads pg_stat_statements for every step and keeps its deltas over the measured window,
 * {@code profile} samples the postgres processes' stacks with perf over that window.
 */
public enum Observe {
    STATEMENTS, PROFILE;

    /** The name in YAML and on the command line. */
    public String yamlName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The capture of that name (any case), as the file and {@code --observe} write it. */
    public static Optional<Observe> named(String text) {
        return Arrays.stream(values()).filter(o -> o.yamlName().equalsIgnoreCase(text.trim())).findFirst();
    }

    /** The names to choose from, for error messages. */
    public static String choices() {
        return String.join(", ", Arrays.stream(values()).map(Observe::yamlName).toList());
    }
}
