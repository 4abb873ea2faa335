package org.pgknobs.report.why;

import java.util.Map;
import java.util.Optional;
import org.pgknobs.collector.Derived;

/**
 * What a rule may look at: the step's collector figures, the baseline step's (absent for the baseline
 * itself or when it was not measured) and the step's setting values (name → value as the user wrote it,
 * or as pg_settings shows it when the step did not set it).
 */
public record WhyInput(Derived step, Optional<Derived> baseline, Map<String, String> settings) {

    public WhyInput {
        settings = Map.copyOf(settings);
    }

    Optional<String> setting(String name) {
        return Optional.ofNullable(settings.get(name));
    }
}
