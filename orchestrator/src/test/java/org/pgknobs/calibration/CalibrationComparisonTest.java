package org.pgknobs.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.pgknobs.results.MachineCalibration;
import org.pgknobs.results.MachineCalibration.Probe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.json.Json;
import org.pgknobs.stats.RatioInterval;

@Tag("unit")
class CalibrationComparisonTest {

    private static MachineCalibration calibration(List<Double> cpu, List<Double> fsync, List<Double> copy) {
        return new MachineCalibration(List.of(probe("cpu", "ms", cpu), probe("fsync", "ms", fsync),
                probe("copy", "MB/s", copy)), "/tmp", 0.5, 4.2);
    }

    private static Probe probe(String name, String unit, List<Double> values) {
        return new Probe(name, unit, values, org.pgknobs.stats.Stats.median(values));
    }

    private static final MachineCalibration QUIET = calibration(List.of(200.0, 202.0, 199.0, 201.0, 203.0),
            List.of(1.0, 1.1, 0.9, 1.0, 1.05), List.of(900.0, 950.0, 880.0, 920.0, 940.0));

    @Test
    void aCpuProbeTwiceAsSlowIsAMachineThatDiffered() {
        MachineCalibration hogged = calibration(List.of(400.0, 410.0, 395.0, 405.0, 420.0),
                List.of(1.0, 1.05, 0.95, 1.1, 1.0), List.of(910.0, 930.0, 890.0, 940.0, 920.0));
        CalibrationComparison c = CalibrationComparison.of(hogged, QUIET);
        assertTrue(c.differs());
        CalibrationComparison.ProbeComparison cpu = c.probes().get(0);
        RatioInterval speed = assertInstanceOf(RatioInterval.class, cpu.speed());
        assertTrue(speed.ratio() > 0.48 && speed.ratio() < 0.52, "twice the time is half the speed: " + speed);
        assertFalse(c.probes().get(1).differs());
        assertFalse(c.probes().get(2).differs());
        assertTrue(c.describe().startsWith("machine differed: cpu ×0.50 ["), c.describe());
        assertTrue(c.describe().contains("; within noise: fsync ×"), c.describe());
    }

    @Test
    void aDriftInsideTheToleranceIsWithinNoiseEvenWhenItsIntervalExcludesOne() {
        // 5 % slower with a tight spread: the interval excludes 1, but the cpu probe drifts that much between two
        // quiet probes (docs/statistics.md), so it is not a different machine
        MachineCalibration drifted = calibration(List.of(210.0, 211.0, 209.0, 210.5, 212.0), QUIET.probes().get(1).values(),
                QUIET.probes().get(2).values());
        CalibrationComparison c = CalibrationComparison.of(drifted, QUIET);
        RatioInterval speed = assertInstanceOf(RatioInterval.class, c.probes().get(0).speed());
        assertTrue(speed.upper() < 1, "the interval excludes 1: " + speed);
        assertFalse(c.differs(), c.describe());
        assertTrue(c.describe().startsWith("machine within noise: cpu ×0.95"), c.describe());
    }

    @Test
    void aFasterCopyReadsAsASpeedAboveOne() {
        MachineCalibration faster = calibration(QUIET.probes().get(0).values(), QUIET.probes().get(1).values(),
                List.of(2700.0, 2800.0, 2750.0, 2900.0, 2650.0));
        CalibrationComparison c = CalibrationComparison.of(faster, QUIET);
        assertTrue(c.probes().get(2).differs(), c.describe());
        assertTrue(c.describe().startsWith("machine differed: copy ×3.0"), c.describe());
    }

    @Test
    void calibrationJsonHasTheShapeTheHistoryReads(@TempDir Path dir) throws Exception {
        QUIET.writeTo(dir);
        JsonNode root = Json.readTree(dir.resolve(MachineCalibration.FILE));
        JsonNode cpu = root.path("probes").get(0);
        assertEquals("cpu", cpu.path("name").asText());
        assertEquals("ms", cpu.path("unit").asText());
        assertEquals(5, cpu.path("values").size());
        assertEquals(201.0, cpu.path("median").asDouble());
        assertEquals(List.of("cpu", "fsync", "copy"), MachineCalibration.in(dir).orElseThrow().probes().stream().map(Probe::name).toList());
        assertTrue(MachineCalibration.in(dir.resolve("none")).isEmpty());
    }
}
