package org.pgknobs.report.why;

import java.util.Map;
import java.util.Optional;
import org.pgknobs.collector.Derived;
import org.pgknobs.report.captures.Captures;

/**
 * What a rule may look at: the step's collector figures (null when the collector did not run), the
 * baseline step's (absent for the baseline itself or when it was not measured), the step's setting values
 * (name → value as the user wrote it, or as pg_settings shows it when the step did not set it) and the
 * evidence from its step.json; {@code captures} its capture files and those of the step it is compared
 * with.
 */
public record WhyInput(Derived step, Optional<Derived> baseline, Map<String, String> settings, Evidence evidence,
                       Optional<Captures> captures) {

    public WhyInput {
        settings = Map.copyOf(settings);
        evidence = evidence == null ? Evidence.NONE : evidence;
        captures = captures == null ? Optional.empty() : captures;
    }

    public WhyInput(Derived step, Optional<Derived> baseline, Map<String, String> settings, Evidence evidence) {
        this(step, baseline, settings, evidence, Optional.empty());
    }

    public WhyInput(Derived step, Optional<Derived> baseline, Map<String, String> settings) {
        this(step, baseline, settings, Evidence.NONE);
    }

    Optional<String> setting(String name) {
        return Optional.ofNullable(settings.get(name));
    }
}
