package org.pgknobs.report.why;

import java.util.List;

/**
 * One "why" sentence about a step, with the rule that wrote it and the figures it read (names as in
 * pgstats.json's {@code derived}, {@code settings.NAME}, {@code compared.*} for the step it is told apart
 * from), so a reader can check it.
 *
 * @param role {@value #EXPLAINS} for a line that sets the step against the compared step (it accounts for
 *             the change, or says there is none to account for), {@value #DESCRIBES} for one that describes the
 *             step alone; null until {@link WhyRules#explain} has placed it
 * @param asIn for a describing line: the compared step's name when the same rule fired there too (the line
 *             does not tell the two apart, and a report folds it); null otherwise
 */
public record Reason(String rule, String text, List<String> figures, String role, String asIn) {

    public static final String EXPLAINS = "explains";
    public static final String DESCRIBES = "describes";

    public Reason {
        figures = List.copyOf(figures);
    }

    public Reason(String rule, String text, List<String> figures) {
        this(rule, text, figures, null, null);
    }

    /** Whether a report may fold it: a describing line that held for the compared step as well. */
    public boolean unchanged() {
        return DESCRIBES.equals(role) && asIn != null;
    }
}
