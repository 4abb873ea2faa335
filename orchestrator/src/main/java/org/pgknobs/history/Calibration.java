package org.pgknobs.history;

import java.io.IOException;
import java.util.Optional;
import org.pgknobs.calibration.CalibrationComparison;
import org.pgknobs.json.Json;
import org.pgknobs.results.MachineCalibration;

/**
 * A run's machine calibration as the history stored it (calibration.json, one line), read back into the record the
 * run wrote ({@link MachineCalibration}) and compared by the one rule a run uses ({@link CalibrationComparison}: a
 * probe differs only when its whole interval lies outside the probe's measured noise tolerance).
 */
record Calibration(Optional<MachineCalibration> recorded) {

    static final Calibration NONE = new Calibration(Optional.empty());

    /** The calibration of a stored run; {@link #NONE} when it has none (a directory older than calibration). */
    static Calibration parse(String json) {
        if (json == null || json.isBlank()) {
            return NONE;
        }
        try {
            return new Calibration(Optional.of(Json.parse(json, MachineCalibration.class)));
        } catch (IOException e) {
            return NONE;
        }
    }

    /** "cpu 212 ms (205–230), …; 5 repetitions each, load 0.4", or "none recorded". */
    String describe() {
        return recorded.map(MachineCalibration::describe).orElse("none recorded");
    }

    /** "machine differed: cpu ×0.55 [0.52, 0.58]; within noise: …", or "" when either side has no calibration. */
    String against(Calibration earlier) {
        return comparison(earlier).map(CalibrationComparison::describe).orElse("");
    }

    /** Only the probes that differed beyond their tolerance ("cpu ×0.55 [0.52, 0.58]"), or "" when none did. */
    String differing(Calibration earlier) {
        return comparison(earlier).map(CalibrationComparison::differing).orElse("");
    }

    private Optional<CalibrationComparison> comparison(Calibration earlier) {
        if (recorded.isEmpty() || earlier.recorded().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(CalibrationComparison.of(recorded.get(), earlier.recorded().get()));
    }
}
