package org.pgknobs.experiment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Typed reads of single values, each failing with the field path, what was expected and an example. */
final class Values {

    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|sec|m|min|h)?");
    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(B|kB|MB|GB|TB)", Pattern.CASE_INSENSITIVE);

    private Values() {
    }

    static YamlTree.Scalar scalar(YamlTree tree, String path, String expected) {
        if (tree instanceof YamlTree.Scalar s && s.value() != null) {
            return s;
        }
        throw Problems.at(tree.origin(), path, "expected " + expected + ", got " + tree.describe(),
                "write a single value, e.g. `" + leaf(path) + ": ...`");
    }

    static String text(YamlTree tree, String path) {
        return scalar(tree, path, "text").raw();
    }

    static long positiveLong(YamlTree tree, String path, long min) {
        YamlTree.Scalar s = scalar(tree, path, "a whole number ≥ " + min);
        if (s.value() instanceof Integer || s.value() instanceof Long) {
            long v = ((Number) s.value()).longValue();
            if (v >= min) {
                return v;
            }
        }
        throw Problems.at(s.origin(), path, "expected a whole number ≥ " + min + ", got " + s.describe(),
                "e.g. `" + leaf(path) + ": " + Math.max(min, 1) + "`");
    }

    static int positiveInt(YamlTree tree, String path, int min) {
        long v = positiveLong(tree, path, min);
        if (v > Integer.MAX_VALUE) {
            throw Problems.at(tree.origin(), path, "too large: " + v, "use a value below " + Integer.MAX_VALUE);
        }
        return (int) v;
    }

    static Duration duration(YamlTree tree, String path) {
        YamlTree.Scalar s = scalar(tree, path, "a duration like 120s, 2m or 10 (seconds)");
        if (s.value() instanceof Number n && n.doubleValue() >= 0) {
            return Duration.ofMillis(Math.round(n.doubleValue() * 1000));
        }
        Matcher m = DURATION.matcher(s.raw().trim());
        if (s.value() instanceof String && m.matches()) {
            double amount = Double.parseDouble(m.group(1));
            String unit = m.group(2) == null ? "s" : m.group(2);
            double millis = switch (unit) {
                case "ms" -> amount;
                case "m", "min" -> amount * 60_000;
                case "h" -> amount * 3_600_000;
                default -> amount * 1000;
            };
            return Duration.ofMillis(Math.round(millis));
        }
        throw Problems.at(s.origin(), path, "expected a duration like 120s, 2m or 10 (seconds), got " + s.describe(),
                "e.g. `" + leaf(path) + ": 30s`");
    }

    /** A size with a PostgreSQL unit (kB, MB, GB, TB; 1kB = 1024 B), in bytes. */
    static long size(YamlTree tree, String path) {
        YamlTree.Scalar s = scalar(tree, path, "a size like 120GB");
        Matcher m = SIZE.matcher(s.raw().trim());
        if (m.matches()) {
            return Math.round(Double.parseDouble(m.group(1)) * unitBytes(m.group(2)));
        }
        throw Problems.at(s.origin(), path, "expected a size with a unit (kB, MB, GB, TB), got " + s.describe(),
                "e.g. `" + leaf(path) + ": 120GB`");
    }

    static long unitBytes(String unit) {
        return switch (unit.toUpperCase(Locale.ROOT)) {
            case "B" -> 1L;
            case "KB" -> 1L << 10;
            case "MB" -> 1L << 20;
            case "GB" -> 1L << 30;
            case "TB" -> 1L << 40;
            default -> throw new IllegalArgumentException(unit);
        };
    }

    static boolean bool(YamlTree tree, String path) {
        YamlTree.Scalar s = scalar(tree, path, "true or false");
        String v = s.raw().toLowerCase(Locale.ROOT);
        if (v.equals("true") || v.equals("yes") || v.equals("on")) {
            return true;
        }
        if (v.equals("false") || v.equals("no") || v.equals("off")) {
            return false;
        }
        throw Problems.at(s.origin(), path, "expected true or false, got " + s.describe(), "e.g. `" + leaf(path) + ": true`");
    }

    static <E extends Enum<E>> E choice(YamlTree tree, String path, Class<E> type) {
        YamlTree.Scalar s = scalar(tree, path, "one of " + names(type));
        for (E e : type.getEnumConstants()) {
            if (e.name().equalsIgnoreCase(s.raw().trim())) {
                return e;
            }
        }
        throw Problems.at(s.origin(), path, "expected one of " + names(type) + ", got " + s.describe(),
                "e.g. `" + leaf(path) + ": " + type.getEnumConstants()[0].name().toLowerCase(Locale.ROOT) + "`");
    }

    static <E extends Enum<E>> String names(Class<E> type) {
        List<String> names = new ArrayList<>();
        for (E e : type.getEnumConstants()) {
            names.add(e.name().toLowerCase(Locale.ROOT));
        }
        return String.join(" | ", names);
    }

    static YamlTree.Sequence list(YamlTree tree, String path, String of) {
        if (tree instanceof YamlTree.Sequence seq) {
            return seq;
        }
        throw Problems.at(tree.origin(), path, "expected a list of " + of + ", got " + tree.describe(),
                "write `" + leaf(path) + ": [a, b]` or one `- item` per line");
    }

    static List<String> texts(YamlTree tree, String path) {
        List<String> out = new ArrayList<>();
        YamlTree.Sequence seq = list(tree, path, "texts");
        for (int i = 0; i < seq.items().size(); i++) {
            out.add(text(seq.items().get(i), path + "[" + (i + 1) + "]"));
        }
        return out;
    }

    static String leaf(String path) {
        String p = path.replaceAll("\\[\\d+]$", "");
        int dot = p.lastIndexOf('.');
        return dot < 0 ? p : p.substring(dot + 1);
    }
}
