package org.pgknobs.report.why;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** The rules a report applies to every measured step, in the order their sentences are printed. */
public final class WhyRules {

    private WhyRules() {
    }

    /** Rules on the collector's figures: they need {@link WhyInput#step()}. */
    public static List<WhyRule> standard() {
        return List.of(new CheckpointPressure(), new HitRatioDrop(), new WalPerTransaction(), new AutovacuumChurn(),
                new AutovacuumWorkers(), new DominantWait());
    }

    /**
     * Rules on the machine facts, the workload's outcome and the step's capture files (plans.json,
     * statements.json, profile.folded): they fire with or without the collector's figures.
     */
    public static List<WhyRule> evidence() {
        return List.of(new CpuBound(), new OsPageCacheReads(), new FsyncCost(), new FailedWithSqlState(), new SerializationRegime(), new RegimeBimodal(),
                new NoiseOverlap(), new PlanChanged(), new NotSteady(), new ServerCpuMoved(), new StatementMeanChange());
    }

    public static List<Reason> explain(WhyInput input) {
        Stream<WhyRule> rules = input.step() == null ? evidence().stream()
                : Stream.concat(standard().stream(), evidence().stream());
        return rules.map(r -> r.explain(input)).flatMap(Optional::stream).toList();
    }
}
