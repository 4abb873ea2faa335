package org.pgknobs.results;

import java.util.List;
import java.util.Map;

/**
 * ablation.json, beside suite.json in an ablation's result directory: the units the runs switched on and
 * off, and the culprit search as it went (rewritten after every candidate, so an interrupted search keeps
 * what it measured). The fixed runs' figures are in their step directories like any step's.
 *
 * @param searchStatus {@code off}, {@code running}, {@code done}, or {@code skipped} (with the reason in
 *                     {@code search.note})
 * @param search       null while nothing was searched
 */
public record AblationRecord(int schemaVersion, double threshold, String algorithm, String searchStatus,
                             List<Unit> units, CulpritSearchResult search) {

    public static final int SCHEMA_VERSION = 1;

    /** A unit and its settings at their full-set values. */
    public record Unit(String name, Map<String, Object> settings, String from) {
    }
}
