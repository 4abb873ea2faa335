package org.pgknobs.report;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.pgknobs.collector.Derived;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.results.StepStatus;

/**
 * A step's repeats as every part of the report reads them: their headline throughputs and seconds, a phase of one
 * repeat, the median repeat whose figures stand for the step. One class owns these so that the report's builders
 * (ReportBuilder, StepBuilder, Drift, PartsMerge, RunRegimes, WhyComparison) and {@code pgknobs diff} depend on it,
 * not on each other (ArchitectureTest's class-level cycle rule).
 */
public final class Repeats {

    private Repeats() {
    }

    /** The headline throughput of each done, measured repeat. */
    public static List<Double> headlineValues(List<StepRun> runs, String phaseName) {
        return runs.stream().filter(r -> r.status() == StepStatus.DONE && r.measured())
                .map(r -> phase(r, phaseName)).flatMap(Optional::stream).map(PhaseResult::throughput).toList();
    }

    /** Each repeat's measured seconds, in the order of {@link #headlineValues}. */
    public static List<Double> headlineSeconds(List<StepRun> runs, String phaseName) {
        return runs.stream().filter(r -> r.status() == StepStatus.DONE && r.measured())
                .map(r -> phase(r, phaseName)).flatMap(Optional::stream).map(PhaseResult::seconds).toList();
    }

    public static Optional<PhaseResult> phase(StepRun r, String name) {
        if (!r.measured()) {
            return Optional.empty();
        }
        return r.result().workload().phases().stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /** The repeat whose headline throughput is the (lower) median: its figures stand for the step. */
    public static Optional<StepRun> medianRun(List<StepRun> runs, String headline) {
        List<StepRun> measured = runs.stream().filter(r -> r.status() == StepStatus.DONE && phase(r, headline).isPresent())
                .sorted(Comparator.comparingDouble(r -> phase(r, headline).get().throughput())).toList();
        if (measured.isEmpty()) {
            return runs.stream().filter(StepRun::measured).findFirst();
        }
        return Optional.of(measured.get((measured.size() - 1) / 2));
    }

    /** The collector's figures of a repeat's headline window; empty without. */
    public static Optional<Derived> derived(StepRun r, String headline) {
        return StepRun.headlineWindow(r.stats(), headline).map(w -> w.derived());
    }
}
