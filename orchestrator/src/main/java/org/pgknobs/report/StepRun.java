package org.pgknobs.report;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pgknobs.collector.PgStats;
import org.pgknobs.collector.WindowStats;
import org.pgknobs.report.captures.StepCaptures;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;

/**
 * One step × repeat as read from its directory. Everything but the identity may be missing (a failed or
 * interrupted step): {@code result} and {@code stats} are then null and the lists empty.
 *
 * @param dir           the step directory, as the report and {@code pgknobs diff} name it
 * @param settings      setting → value: pg_settings as the collector saw it, overridden by what the step requested
 * @param series        the per-second series of its measured windows
 * @param captures      its capture files (plans, statements, profile, autovacuum.log, settings.json)
 */
public record StepRun(int index, String name, int repeat, String dir, StepStatus status, String reason,
                      StepResult result, Map<String, String> settings, PgStats stats, Series series,
                      StepCaptures captures) {

    /**
     * @param perSecond    headline throughput per second of the measured window (second, requests/s)
     * @param checkpoints  seconds into the headline window at which a checkpoint was counted
     * @param phaseSamples insert benchmark: phase → per-second (second, ops, max response ms)
     * @param waits        the headline window's collector rounds: active backends per wait ({@link WaitSeries})
     */
    public record Series(List<Point> perSecond, List<Double> checkpoints, Map<String, List<PhaseSample>> phaseSamples,
                         List<WaitRound> waits) {

        public static final Series NONE = new Series(List.of(), List.of(), Map.of());

        public Series(List<Point> perSecond, List<Double> checkpoints, Map<String, List<PhaseSample>> phaseSamples) {
            this(perSecond, checkpoints, phaseSamples, List.of());
        }
    }

    public List<Point> perSecond() {
        return series.perSecond();
    }

    public List<Double> checkpoints() {
        return series.checkpoints();
    }

    public Map<String, List<PhaseSample>> phaseSamples() {
        return series.phaseSamples();
    }

    public record Point(double x, double y) {
    }

    public record PhaseSample(long second, long ops, double maxMs) {
    }

    /**
     * One collector round of the headline window: seconds since the window opened, and per wait
     * ("IO:WalSync", "CPU:CPU") the active client backends in it at that round (none listed: none active).
     */
    public record WaitRound(double second, Map<String, Integer> backends) {
    }

    /** The directory's last name ("r2", "03-wal"), as {@code pgknobs diff} names a step. */
    public String dirName() {
        return dir.substring(dir.lastIndexOf('/') + 1);
    }

    /** The collector window of the headline phase; a single window when names differ (older runs). */
    public static Optional<WindowStats> headlineWindow(PgStats stats, String headline) {
        if (stats == null || stats.windows() == null || stats.windows().isEmpty()) {
            return Optional.empty();
        }
        return stats.windows().stream().filter(w -> w.phase().equals(headline)).findFirst()
                .or(() -> stats.windows().size() == 1 ? Optional.of(stats.windows().get(0)) : Optional.empty());
    }

    public boolean measured() {
        return result != null && result.workload() != null && !result.workload().phases().isEmpty();
    }
}
