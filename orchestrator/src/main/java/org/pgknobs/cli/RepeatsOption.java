package org.pgknobs.cli;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.Mode;
import org.pgknobs.experiment.RepeatsAuto;

/**
 * {@code --repeats N | auto | MIN..MAX}: a fixed count, or {@code repeats: auto} with the file's bounds (or the
 * defaults), or with these rounds and the file's (or the default) target.
 */
final class RepeatsOption {

    private static final Pattern RANGE = Pattern.compile("(\\d{1,6})\\.\\.(\\d{1,6})");
    private static final String FIX = "write --repeats 3, --repeats auto or --repeats 3..6";

    private RepeatsOption() {
    }

    static Experiment applyTo(String value, Experiment experiment) {
        String v = value.trim();
        if (v.equalsIgnoreCase("auto") || RANGE.matcher(v).matches()) {
            if (experiment.mode() == Mode.ABLATION) {
                throw new BadInputException("--repeats " + v + ": auto is not supported with mode: ablation (its "
                        + "culprit search measures each candidate once, after the fixed runs); " + FIX.replace(
                        ", --repeats auto or --repeats 3..6", ""));
            }
            return experiment.withAutoRepeats(auto(v, experiment.measurement().autoRepeats().orElse(RepeatsAuto.defaults())));
        }
        try {
            int n = Integer.parseInt(v);
            if (n >= 1) {
                return experiment.withRepeats(n);
            }
        } catch (NumberFormatException e) {
            // falls through to the error below
        }
        throw new BadInputException("--repeats: expected a whole number ≥ 1, auto or MIN..MAX rounds, got '" + value
                + "'; " + FIX);
    }

    private static RepeatsAuto auto(String v, RepeatsAuto fromFile) {
        Matcher m = RANGE.matcher(v);
        if (!m.matches()) {
            return fromFile;
        }
        int min = Integer.parseInt(m.group(1));
        int max = Integer.parseInt(m.group(2));
        if (min < 2 || max < min) {
            throw new BadInputException("--repeats " + v + ": needs 2 ≤ MIN ≤ MAX (one repeat has no interval); "
                    + "e.g. --repeats 3..6");
        }
        return new RepeatsAuto(min, max, fromFile.target());
    }
}
