package org.pgknobs.report.why;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The rules a report applies to every measured step, and the order their sentences are read in
 * (docs/reports.md, "The order of the why-lines"):
 * <ol>
 *   <li>whether the step differs from the compared step at all ({@code noise-overlap});</li>
 *   <li>the lines that set the step against the compared step ({@value Reason#EXPLAINS}), in {@link #PRECEDENCE}:
 *       first what work changed (plans, then statements), then how it was served (buffers, WAL), then where the
 *       server's time went (profile, waits); a rule not in the list after those, in evaluation order;</li>
 *   <li>the lines that describe the step alone ({@value Reason#DESCRIBES}) and did not fire for the compared
 *       step, in evaluation order;</li>
 *   <li>last, describing lines whose rule fired for the compared step too ({@link Reason#unchanged()}): they do
 *       not tell the two apart, and the report folds them, naming them once ({@link AlsoHeld}).</li>
 * </ol>
 * A step whose comparison the verdict model marks and that no comparative rule explains gets a line that says
 * so ({@link Unexplained}).
 */
public final class WhyRules {

    /** The explaining rules' rank, first to last. */
    static final List<String> PRECEDENCE = List.of("noise-overlap", "plan-changed", "statement-mean", "hit-ratio-drop",
            "wal-per-transaction", "server-cpu-moved", "wait-share-moved");

    private WhyRules() {
    }

    /** Rules on the collector's figures: they need {@link WhyInput#step()}. */
    public static List<WhyRule> standard() {
        return List.of(new CheckpointPressure(), new HitRatioDrop(), new WalPerTransaction(), new AutovacuumChurn(),
                new AutovacuumWorkers(), new DominantWait(), new WaitShareMoved());
    }

    /**
     * Rules on the machine facts, the workload's outcome and the step's capture files (plans.json,
     * statements.json, profile.folded): they fire with or without the collector's figures.
     */
    public static List<WhyRule> evidence() {
        return List.of(new CpuBound(), new OsPageCacheReads(), new FsyncCost(), new FailedWithSqlState(), new SerializationRegime(), new RegimeBimodal(),
                new NoiseOverlap(), new PlanChanged(), new NotSteady(), new ServerCpuMoved(), new StatementMeanChange());
    }

    /** Every rule, the collector's first. */
    public static List<WhyRule> all() {
        return Stream.concat(standard().stream(), evidence().stream()).toList();
    }

    /** The step's sentences, each with its role, in the order above. */
    public static List<Reason> explain(WhyInput input) {
        Stream<WhyRule> rules = input.step() == null ? evidence().stream() : all().stream();
        List<String> comparedRules = input.comparison().map(Comparison::why).orElse(List.of()).stream()
                .map(Reason::rule).toList();
        String comparedName = input.comparison().map(Comparison::name).orElse(null);
        List<Reason> out = new ArrayList<>();
        rules.forEach(rule -> rule.explain(input.tracked()).ifPresent(r -> out.add(rule.comparative()
                ? new Reason(r.rule(), r.text(), r.figures(), Reason.EXPLAINS, null)
                : new Reason(r.rule(), r.text(), r.figures(), Reason.DESCRIBES,
                comparedRules.contains(r.rule()) ? comparedName : null))));
        // a differing step no comparative rule explains is said to be so: never silent (the why-gate)
        Unexplained.of(input.tracked(), out).ifPresent(out::add);
        AlsoHeld.of(out).ifPresent(out::add);
        return rank(out);
    }

    /** The order of docs/reports.md; stable within a rank. */
    static List<Reason> rank(List<Reason> reasons) {
        return reasons.stream().sorted(Comparator.comparingInt(WhyRules::rank)).toList();
    }

    private static int rank(Reason r) {
        if (Reason.EXPLAINS.equals(r.role())) {
            int i = PRECEDENCE.indexOf(r.rule());
            return i >= 0 ? i : PRECEDENCE.size();
        }
        return PRECEDENCE.size() + (r.unchanged() ? 2 : 1);
    }

    /** A rule's sentence with the figures it read: for tests that hold the two against each other. */
    static Optional<Reason> explainTracked(WhyRule rule, WhyInput input, java.util.Set<String> read) {
        WhyInput tracked = input.tracked();
        Optional<Reason> r = rule.explain(tracked);
        read.addAll(tracked.log().names());
        return r;
    }
}
