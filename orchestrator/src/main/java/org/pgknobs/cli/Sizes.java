package org.pgknobs.cli;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pgknobs.BadInputException;

/** Sizes as users write them on the command line: 10MB, 2GB, 512kB, or plain bytes. */
final class Sizes {

    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(b|kb|mb|gb|tb)?");

    private Sizes() {
    }

    static long parse(String text, String option) {
        Matcher m = SIZE.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new BadInputException(option + " " + text + ": not a size; write e.g. 10MB, 2GB or 512kB");
        }
        int shift = switch (m.group(2) == null ? "b" : m.group(2)) {
            case "kb" -> 10;
            case "mb" -> 20;
            case "gb" -> 30;
            case "tb" -> 40;
            default -> 0;
        };
        return Long.parseLong(m.group(1)) << shift;
    }
}
