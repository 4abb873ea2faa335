package org.pgknobs.results;

import java.util.List;

/**
 * One set the culprit search measured (ablation.json's {@code search.candidates}), as {@code ablation.CulpritSearch}
 * made it.
 *
 * @param level    {@code units} or {@code settings}
 * @param elements the units (or settings) switched on
 * @param share    of the full slowdown; null when the run could not be measured
 */
public record CulpritCandidate(int number, String level, List<String> elements, List<String> settings, String run,
                               Double logThroughput, Double share, boolean reproduces, String failure) {
}
