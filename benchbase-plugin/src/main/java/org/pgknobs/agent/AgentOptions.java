package org.pgknobs.agent;

import java.time.Duration;
import java.util.Locale;

/**
 * Options after {@code -javaagent:jar=}: comma-separated {@code key=value}. {@code interval} (e.g.
 * {@code 1s}, {@code 500ms}, {@code 2m}; default 1s) and {@code start-class}, the class whose loading
 * marks the start of BenchBase's execution (default {@value #DEFAULT_START_CLASS}).
 */
public record AgentOptions(Duration interval, String startClass) {

    public static final String DEFAULT_START_CLASS = "com.oltpbenchmark.ThreadBench";

    public static AgentOptions parse(String args) {
        Duration interval = Duration.ofSeconds(1);
        String startClass = DEFAULT_START_CLASS;
        if (args != null && !args.isBlank()) {
            for (String part : args.split(",")) {
                String p = part.trim();
                if (p.isEmpty()) {
                    continue;
                }
                int eq = p.indexOf('=');
                if (eq < 0) {
                    throw new IllegalArgumentException("pgknobs agent option '" + p + "' is not key=value "
                            + "(known: interval=1s, start-class=NAME)");
                }
                String key = p.substring(0, eq).trim();
                String value = p.substring(eq + 1).trim();
                switch (key) {
                    case "interval" -> interval = duration(value);
                    case "start-class" -> startClass = value;
                    default -> throw new IllegalArgumentException("unknown pgknobs agent option '" + key
                            + "' (known: interval, start-class)");
                }
            }
        }
        return new AgentOptions(interval, startClass);
    }

    /** "250ms", "1s", "2m"; a bare number means seconds. */
    static Duration duration(String text) {
        String t = text.toLowerCase(Locale.ROOT);
        try {
            Duration d;
            if (t.endsWith("ms")) {
                d = Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
            } else if (t.endsWith("s")) {
                d = Duration.ofMillis(Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 1000));
            } else if (t.endsWith("m")) {
                d = Duration.ofSeconds(Long.parseLong(t.substring(0, t.length() - 1)) * 60);
            } else {
                d = Duration.ofMillis(Math.round(Double.parseDouble(t) * 1000));
            }
            if (d.isZero() || d.isNegative()) {
                throw new IllegalArgumentException("pgknobs agent interval must be positive, got '" + text + "'");
            }
            return d;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("pgknobs agent interval '" + text + "' is not a duration like 1s or 500ms", e);
        }
    }
}
