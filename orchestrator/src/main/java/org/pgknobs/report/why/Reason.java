package org.pgknobs.report.why;

import java.util.List;

/**
 * One "why" sentence about a step, with the rule that wrote it and the figures it read (names as in
 * pgstats.json's {@code derived}, or {@code settings.NAME}), so a reader can check it.
 */
public record Reason(String rule, String text, List<String> figures) {

    public Reason {
        figures = List.copyOf(figures);
    }
}
