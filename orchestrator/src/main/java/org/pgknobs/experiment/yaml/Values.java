package org.pgknobs.experiment.yaml;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.pgknobs.units.Durations;
import org.pgknobs.units.Sizes;
import org.pgknobs.units.UnitException;

/** Typed reads of single values, each failing with the field path, what was expected and an example. */
final class Values {

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

    /** A duration in the one grammar of {@link Durations}; a bare YAML number means seconds. */
    static Duration duration(YamlTree tree, String path, Durations.Zero zero) {
        YamlTree.Scalar s = scalar(tree, path, "a duration like " + Durations.EXAMPLES);
        Duration d;
        try {
            d = Durations.parse(s.raw(), Durations.Zero.ALLOWED);
        } catch (UnitException e) {
            throw Problems.at(s.origin(), path, "expected a duration like " + Durations.EXAMPLES + ", got " + s.describe(),
                    "e.g. `" + leaf(path) + ": 30s`; see docs/experiments.md, \"Durations and sizes\"");
        }
        if (d.isZero() && zero == Durations.Zero.REJECTED) {
            throw Problems.at(s.origin(), path, "must be more than 0, got " + s.describe(),
                    "give the time to measure, e.g. `" + leaf(path) + ": 60s`");
        }
        return d;
    }

    /** A size in the one grammar of {@link Sizes} (unit required; 1kB = 1024 B), in bytes. */
    static long size(YamlTree tree, String path) {
        YamlTree.Scalar s = scalar(tree, path, "a size like 120GB");
        try {
            return Sizes.parse(s.raw());
        } catch (UnitException e) {
            throw Problems.at(s.origin(), path, e.getMessage(), "e.g. `" + leaf(path) + ": 120GB`; see docs/experiments.md, \"Durations and sizes\"");
        }
    }

    /** A share written as 90%, 90 %, or a fraction 0.9; NaN when it is neither (the caller says what it expects). */
    static double share(YamlTree.Scalar s) {
        if (s.value() instanceof Number n) {
            return n.doubleValue();
        }
        String raw = s.raw().trim();
        if (raw.endsWith("%")) {
            try {
                return Double.parseDouble(raw.substring(0, raw.length() - 1).trim()) / 100;
            } catch (NumberFormatException e) {
                return Double.NaN;
            }
        }
        return Double.NaN;
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
