package org.pgknobs.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.pgknobs.collector.PgStats;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;

/**
 * One step × repeat as found on disk. Everything but the identity may be missing (a failed or
 * interrupted step): {@code result} and {@code stats} are then null and the lists empty.
 *
 * @param settings      setting → value: pg_settings as the collector saw it, overridden by what the step requested
 * @param perSecond     headline throughput per second of the measured window (second, requests/s)
 * @param checkpoints   seconds into the headline window at which a checkpoint was counted
 * @param phaseSamples  insert benchmark: phase → per-second (second, ops, max response ms)
 */
public record StepRun(int index, String name, int repeat, Path dir, StepStatus status, String reason,
                      StepResult result, Map<String, String> settings, PgStats stats, List<Point> perSecond,
                      List<Double> checkpoints, Map<String, List<PhaseSample>> phaseSamples) {

    public record Point(double x, double y) {
    }

    public record PhaseSample(long second, long ops, double maxMs) {
    }

    public boolean measured() {
        return result != null && result.workload() != null && !result.workload().phases().isEmpty();
    }
}
