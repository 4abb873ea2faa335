package org.pgknobs.experiment.yaml;

import java.nio.file.Path;
import org.yaml.snakeyaml.error.Mark;

/** Where a value came from: {@code file:line:column}, or the {@code --set} option that supplied it. */
record Origin(String where) {

    private static final String SET = "--set ";

    static Origin of(Path file, Mark mark) {
        if (mark == null) {
            return new Origin(file.toString());
        }
        return new Origin(file + ":" + (mark.getLine() + 1) + ":" + (mark.getColumn() + 1));
    }

    /** A {@code --set} value's origin. */
    static Origin ofSet(String set) {
        return new Origin(SET + set);
    }

    /** Whether it came from the command line ({@code --set}), not from the file: trust in a file does not cover it. */
    boolean fromCommandLine() {
        return where.startsWith(SET);
    }

    @Override
    public String toString() {
        return where;
    }
}
