package org.pgknobs.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import org.junit.jupiter.api.Test;
import org.pgknobs.results.MachineCalibration;
import org.pgknobs.testing.TinyRuns;

/**
 * The tiny article run (made with --calibration, the one shared run that pays for the probe) probed the machine before
 * its first step, printed it, wrote calibration.json and shows it in report.md's run facts.
 */
class RunCalibrationTest {

    @Test
    void theRunPrintsRecordsAndReportsItsCalibration() throws Exception {
        TinyRuns.Run run = TinyRuns.article();
        assertEquals(0, run.exitCode(), run.output());
        MachineCalibration calibration = MachineCalibration.in(run.directory()).orElseThrow();
        assertEquals(java.util.List.of("cpu", "fsync", "copy"),
                calibration.probes().stream().map(MachineCalibration.Probe::name).toList());
        for (MachineCalibration.Probe p : calibration.probes()) {
            assertEquals(5, p.values().size(), p.toString());
            assertTrue(p.values().stream().allMatch(v -> v > 0), p.toString());
            assertTrue(p.median() >= p.values().stream().mapToDouble(Double::doubleValue).min().orElseThrow()
                    && p.median() <= p.values().stream().mapToDouble(Double::doubleValue).max().orElseThrow(), p.toString());
        }
        assertTrue(calibration.seconds() > 0 && calibration.seconds() <= 15, "the probe's budget: " + calibration.seconds());
        assertTrue(run.output().contains("machine calibration (" + calibration.seconds() + " s): cpu "), run.output());
        String report = Files.readString(run.directory().resolve("report.md"));
        assertTrue(report.contains("- machine calibration: " + calibration.describe()), report);
    }
}
