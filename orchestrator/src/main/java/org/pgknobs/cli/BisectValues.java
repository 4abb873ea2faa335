package org.pgknobs.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.pgknobs.BadInputException;
import org.pgknobs.units.Sizes;
import org.pgknobs.units.UnitException;

/**
 * {@code --values} of {@code pgknobs bisect --setting}: a range {@code A..B} of sizes (or plain whole numbers) stepped
 * on a log scale, each value twice the one before and B last, or a list in the order it is written (sizes and numbers
 * must grow along it).
 */
final class BisectValues {

    private static final long[] UNITS = {1L << 40, 1L << 30, 1L << 20, 1L << 10};
    private static final String[] UNIT_NAMES = {"TB", "GB", "MB", "kB"};

    private BisectValues() {
    }

    static List<String> parse(List<String> given) {
        if (given.size() == 1 && given.get(0).contains("..")) {
            String[] ends = given.get(0).split("\\.\\.", -1);
            if (ends.length != 2 || ends[0].isBlank() || ends[1].isBlank()) {
                throw bad(given.get(0), "a range has two ends", "--values 128kB..64MB");
            }
            return range(given.get(0), ends[0].strip(), ends[1].strip());
        }
        if (given.size() < 2) {
            throw bad(String.join(",", given), "a bisection needs at least two values", "--values 8MB..10GB or --values 8MB,64MB,1GB");
        }
        List<String> values = given.stream().map(String::strip).toList();
        List<Long> numbers = values.stream().map(BisectValues::number).filter(OptionalLong::isPresent)
                .map(OptionalLong::getAsLong).toList();
        if (numbers.size() == values.size()) {
            for (int i = 1; i < numbers.size(); i++) {
                if (numbers.get(i) <= numbers.get(i - 1)) {
                    throw bad(String.join(",", values), values.get(i) + " does not come after " + values.get(i - 1),
                            "write the values from the smallest to the largest");
                }
            }
        }
        if (values.stream().distinct().count() != values.size()) {
            throw bad(String.join(",", values), "a value is given twice", "write each value once");
        }
        return values;
    }

    private static List<String> range(String text, String from, String to) {
        boolean sizes = isSize(from) && isSize(to);
        OptionalLong a = number(from);
        OptionalLong b = number(to);
        if (a.isEmpty() || b.isEmpty() || isSize(from) != isSize(to)) {
            throw bad(text, "a range's ends are both sizes (" + Sizes.EXAMPLES + ") or both whole numbers",
                    "--values 128kB..64MB, or a list: --values on,off");
        }
        if (a.getAsLong() <= 0 || b.getAsLong() <= a.getAsLong()) {
            throw bad(text, "the range is not ordered: " + from + " is not below " + to, "--values " + to + ".." + from
                    + " the other way round, smallest first");
        }
        List<String> out = new ArrayList<>();
        for (long v = a.getAsLong(); v < b.getAsLong(); v *= 2) {
            out.add(sizes ? size(v) : Long.toString(v));
        }
        out.add(sizes ? size(b.getAsLong()) : Long.toString(b.getAsLong()));
        return out;
    }

    /** A size in the largest unit that holds it whole, as PostgreSQL writes them: 128kB, 64MB, 10GB. */
    static String size(long bytes) {
        for (int i = 0; i < UNITS.length; i++) {
            if (bytes % UNITS[i] == 0) {
                return bytes / UNITS[i] + UNIT_NAMES[i];
            }
        }
        return bytes + "B";
    }

    private static boolean isSize(String text) {
        return !text.chars().allMatch(Character::isDigit);
    }

    /** Bytes of a size, a whole number as it is, empty for anything else. */
    private static OptionalLong number(String text) {
        try {
            return OptionalLong.of(isSize(text) ? Sizes.parse(text) : Long.parseLong(text));
        } catch (UnitException | NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    private static BadInputException bad(String given, String what, String fix) {
        return new BadInputException("--values " + given + ": " + what + ". Fix: " + fix);
    }
}
