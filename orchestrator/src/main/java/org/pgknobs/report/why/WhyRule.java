package org.pgknobs.report.why;

import java.util.Optional;

/** An explicit rule that turns collector figures into one sentence, or stays silent. */
public interface WhyRule {

    /** Empty when the figures it needs were not collected (null) or do not meet the rule's threshold. */
    Optional<Reason> explain(WhyInput input);

    /**
     * Whether its sentence sets the step against the compared step (a difference, or that there is none):
     * such lines {@value Reason#EXPLAINS} a step and come first. A rule on the step's own figures
     * {@value Reason#DESCRIBES} it.
     */
    default boolean comparative() {
        return false;
    }
}
