package org.pgknobs.results;

import java.util.List;

/**
 * The culprit search as ablation.json's {@code search} holds it: {@code units} and {@code settings}, the culprit set at
 * each level; {@code candidates} in measuring order; {@code note} why nothing was searched, if so.
 */
public record CulpritSearchResult(String algorithm, double threshold, List<String> units, List<String> settings,
                                  List<CulpritCandidate> candidates, String note) {
}
