package org.pgknobs.experiment.yaml;

import java.nio.file.Path;
import org.yaml.snakeyaml.error.Mark;

/** Where a value came from: {@code file:line:column}, or the {@code --set} option that supplied it. */
record Origin(String where) {

    static Origin of(Path file, Mark mark) {
        if (mark == null) {
            return new Origin(file.toString());
        }
        return new Origin(file + ":" + (mark.getLine() + 1) + ":" + (mark.getColumn() + 1));
    }

    @Override
    public String toString() {
        return where;
    }
}
