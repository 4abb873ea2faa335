package org.pgknobs.cli;

import org.pgknobs.BadInputException;
import org.pgknobs.history.Gate;
import org.pgknobs.history.changes.AfterLastChange;
import org.pgknobs.history.changes.ChangePointOptions;
import picocli.CommandLine.Option;

/** The regression gate's options, shared by {@code history check} and {@code run --compare history}. */
final class GateOptions {

    @Option(names = "--across-versions",
            description = "compare with earlier runs on any PostgreSQL version (default: the same full minor only)")
    boolean acrossVersions;

    @Option(names = "--across-settings",
            description = "compare with earlier runs of the step whatever their settings (default: the same settings "
                    + "only, so that a changed file starts a new series); the message names the settings that differ")
    boolean acrossSettings;

    @Option(names = "--threshold", paramLabel = "RATIO", defaultValue = "1.0",
            description = "a step fails the gate when its slowdown's whole 95 %% interval lies above RATIO, e.g. 1.05 "
                    + "ignores a slowdown the interval cannot put above 5 %% (default: ${DEFAULT-VALUE}: any slowdown "
                    + "the interval supports)")
    double threshold;

    @Option(names = "--lower-is-better",
            description = "the metric's direction: lower values are better (a latency); default: higher (throughput)")
    boolean lowerIsBetter;

    Gate gate() {
        if (!(threshold >= 1)) {
            throw new BadInputException("--threshold " + threshold + ": a slowdown ratio of 1 or more, e.g. 1.05");
        }
        return new Gate(acrossVersions, acrossSettings, threshold, lowerIsBetter, new AfterLastChange(ChangePointOptions.DEFAULTS));
    }
}
