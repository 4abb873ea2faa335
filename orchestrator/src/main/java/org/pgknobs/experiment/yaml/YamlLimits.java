package org.pgknobs.experiment.yaml;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * The limits SnakeYAML enforces on an experiment file (its defaults, named here so the messages can say
 * them), and errors that say which limit was hit and how to bring the file under it. SnakeYAML reports
 * these without a position, as it does unreadable bytes.
 */
final class YamlLimits {

    private YamlLimits() {
    }

    static LoaderOptions options() {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false);
        return options;
    }

    /** What went wrong and the fix, for a {@link YAMLException} that has no line to point at. */
    static String explain(YAMLException e) {
        LoaderOptions limits = options();
        String m = String.valueOf(e.getMessage());
        if (m.contains("Number of aliases")) {
            return "uses more than " + limits.getMaxAliasesForCollections() + " aliases (*name) of lists or mappings, "
                    + "the most pgknobs reads: each one copies its anchor, so a few lines can stand for millions (an "
                    + "\"alias bomb\"). Fix: write the repeated lists/mappings out, or put shared settings once in "
                    + "server.base and only the differences in each step, or use a profile";
        }
        if (m.contains("exceeds the limit") || m.contains("code points")) {
            return "is longer than " + limits.getCodePointLimit() + " characters (" + (limits.getCodePointLimit() >> 20)
                    + " MiB), the most pgknobs reads in one experiment file. Fix: split it into several experiment "
                    + "files (e.g. one per group of steps, each with the same server.base) and run them one after "
                    + "another; or remove generated or commented-out bulk";
        }
        if (m.contains("Nesting Depth")) {
            return "nests lists/mappings deeper than " + limits.getNestingDepthLimit() + " levels, the most pgknobs "
                    + "reads. Fix: an experiment needs only a few levels (steps → step → settings → value); flatten it";
        }
        // the rest are read errors, e.g. bytes that are not UTF-8
        return "cannot read as YAML: " + m + ". Fix: save it as UTF-8 text";
    }
}
