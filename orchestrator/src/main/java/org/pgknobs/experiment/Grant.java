package org.pgknobs.experiment;

import java.util.List;

/**
 * How a run's gated settings were granted, for its result directory: by {@code --allow} on the command line, by the
 * user's trust in the file's exact content ({@code sha256}), or both; empty {@code kinds} when it used none.
 *
 * @param kinds  the kinds of gated settings the run used, e.g. [commands]
 * @param by     "command line", "trust" or "command line and trust"
 * @param sha256 the trusted content's SHA-256, null without trust
 */
public record Grant(List<String> kinds, String by, String sha256) {

    public Grant {
        kinds = kinds == null ? List.of() : List.copyOf(kinds);
    }

    public static final Grant NONE = new Grant(List.of(), null, null);
}
