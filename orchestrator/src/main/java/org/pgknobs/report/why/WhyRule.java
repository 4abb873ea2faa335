package org.pgknobs.report.why;

import java.util.Optional;

/** An explicit rule that turns collector figures into one sentence, or stays silent. */
public interface WhyRule {

    /** Empty when the figures it needs were not collected (null) or do not meet the rule's threshold. */
    Optional<Reason> explain(WhyInput input);
}
