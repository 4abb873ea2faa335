package org.pgknobs.report.why;

import java.util.Map;
import java.util.Optional;
import org.pgknobs.collector.Derived;

/**
 * What a rule may look at: the step's collector figures (null when the collector did not run), the
 * baseline step's (absent for the baseline itself or when it was not measured), the step's setting values
 * (name → value as the user wrote it, or as pg_settings shows it when the step did not set it) and the
 * evidence from its step.json; {@code dirs} where its capture files and those of the step it is compared
 * with lie.
 */
public record WhyInput(Derived step, Optional<Derived> baseline, Map<String, String> settings, Evidence evidence,
                       StepDirs dirs) {

    public WhyInput {
        settings = Map.copyOf(settings);
        evidence = evidence == null ? Evidence.NONE : evidence;
        dirs = dirs == null ? StepDirs.NONE : dirs;
    }

    public WhyInput(Derived step, Optional<Derived> baseline, Map<String, String> settings, Evidence evidence) {
        this(step, baseline, settings, evidence, StepDirs.NONE);
    }

    public WhyInput(Derived step, Optional<Derived> baseline, Map<String, String> settings) {
        this(step, baseline, settings, Evidence.NONE);
    }

    Optional<String> setting(String name) {
        return Optional.ofNullable(settings.get(name));
    }
}
