package org.pgknobs.agent;

import java.time.Duration;
import org.pgknobs.units.Durations;
import org.pgknobs.units.UnitException;

/**
 * Options after {@code -javaagent:jar=}: comma-separated {@code key=value}. {@code interval} (e.g.
 * {@code 1s}, {@code 500ms}, {@code 1.5m}, in the grammar of {@link Durations}; default 1s) and
 * {@code start-class}, the class whose loading marks the start of BenchBase's execution (default
 * {@value #DEFAULT_START_CLASS}) and {@code statements} ({@code on}, the default: statements.json beside
 * pgstats.json when the server has pg_stat_statements loaded; {@code off}: never).
 */
public record AgentOptions(Duration interval, String startClass, boolean statements) {

    public static final String DEFAULT_START_CLASS = "com.oltpbenchmark.ThreadBench";

    public static AgentOptions parse(String args) {
        Duration interval = Duration.ofSeconds(1);
        String startClass = DEFAULT_START_CLASS;
        boolean statements = true;
        if (args != null && !args.isBlank()) {
            for (String part : args.split(",")) {
                String p = part.trim();
                if (p.isEmpty()) {
                    continue;
                }
                int eq = p.indexOf('=');
                if (eq < 0) {
                    throw new IllegalArgumentException("pgknobs agent option '" + p + "' is not key=value "
                            + "(known: interval=1s, start-class=NAME, statements=on|off)");
                }
                String key = p.substring(0, eq).trim();
                String value = p.substring(eq + 1).trim();
                switch (key) {
                    case "interval" -> interval = duration(value);
                    case "start-class" -> startClass = value;
                    case "statements" -> statements = onOff(value);
                    default -> throw new IllegalArgumentException("unknown pgknobs agent option '" + key
                            + "' (known: interval, start-class, statements)");
                }
            }
        }
        return new AgentOptions(interval, startClass, statements);
    }

    private static boolean onOff(String value) {
        return switch (value) {
            case "on" -> true;
            case "off" -> false;
            default -> throw new IllegalArgumentException("pgknobs agent option statements=" + value + ": use on or off");
        };
    }

    /** The one duration grammar of {@link Durations}; an interval of zero would spin. */
    static Duration duration(String text) {
        try {
            return Durations.parse(text, Durations.Zero.REJECTED);
        } catch (UnitException e) {
            throw new IllegalArgumentException("pgknobs agent interval " + e.getMessage(), e);
        }
    }
}
