package org.pgknobs.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.results.AblationRecord;
import org.pgknobs.results.SuiteRecord;

/**
 * One result directory as read from disk; suite, experiment and ablation (an ablation's ablation.json)
 * are absent when their files are.
 */
public record RunData(Path dir, Optional<SuiteRecord> suite, Optional<Experiment> experiment, List<StepRun> steps,
                      Optional<AblationRecord> ablation) {

    public RunData {
        steps = List.copyOf(steps);
    }
}
