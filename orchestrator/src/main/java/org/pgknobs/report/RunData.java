package org.pgknobs.report;

import java.util.List;
import java.util.Optional;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.results.AblationRecord;
import org.pgknobs.results.MachineCalibration;
import org.pgknobs.results.SuiteRecord;

/**
 * One result directory as {@link ResultDirReader} read it; suite, experiment and ablation (an ablation's
 * ablation.json) are absent when their files are.
 *
 * @param dir         the directory as given, normalized
 * @param calibration its calibration.json, absent for a run without one (older, or --no-calibration)
 */
public record RunData(String dir, Optional<SuiteRecord> suite, Optional<Experiment> experiment, List<StepRun> steps,
                      Optional<AblationRecord> ablation, Optional<MachineCalibration> calibration) {

    public RunData(String dir, Optional<SuiteRecord> suite, Optional<Experiment> experiment, List<StepRun> steps,
                   Optional<AblationRecord> ablation) {
        this(dir, suite, experiment, steps, ablation, Optional.empty());
    }

    public RunData {
        steps = List.copyOf(steps);
    }

    /** The directory's last name, its timestamp in results/&lt;experiment&gt;/&lt;timestamp&gt;. */
    public String dirName() {
        return dir.substring(dir.lastIndexOf('/') + 1);
    }
}
