package org.pgknobs.results;

import java.util.List;

/**
 * bisect.json, beside suite.json in a bisection's result directory (or in the directory that lists a release
 * bisection's suites): what was bisected, the path as the search decided it (rewritten after every candidate, so an
 * interrupted search keeps it) and the answer. Each candidate's runs are steps like any other's.
 *
 * @param step       the experiment's step bisected
 * @param over       {@code releases}, or the setting's name
 * @param candidates every candidate, in order
 * @param status     {@code running}, {@code done} or {@code interrupted}
 * @param kind       {@code found}, {@code no_change}, {@code undecided}, {@code both_fail}; null while running
 * @param summary    the answer's line; null while running
 * @param path       every candidate measured, as printed
 * @param directories for a release bisection, the result directory of each suite run; empty for a setting's
 */
public record BisectRecord(int schemaVersion, String step, String over, List<String> candidates, String status,
                           String kind, String summary, List<Line> path, List<String> directories) {

    public static final int SCHEMA_VERSION = 1;

    public BisectRecord {
        candidates = List.copyOf(candidates);
        path = List.copyOf(path);
        directories = List.copyOf(directories);
    }

    /**
     * One candidate measured.
     *
     * @param throughputs the runs that ran; {@code failure} the first failed run's reason, null if none
     * @param text        the line the path printed
     */
    public record Line(String candidate, String probeClass, List<Double> throughputs, String failure, String text) {
    }
}
