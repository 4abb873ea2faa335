package org.pgknobs.experiment.yaml;

import org.pgknobs.BadInputException;

/** One format for every experiment-file error: where, which field, what was expected, how to fix it. */
final class Problems {

    private Problems() {
    }

    static BadInputException at(Origin origin, String path, String problem, String fix) {
        String field = path.isEmpty() ? "(top level)" : path;
        return new BadInputException(origin + ": " + field + ": " + problem + (fix.isEmpty() ? "" : "\n  fix: " + fix));
    }
}
