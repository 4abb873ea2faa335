package org.pgknobs.report.why;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pgknobs.collector.AutovacuumActivity;
import org.pgknobs.collector.CheckpointFigures;
import org.pgknobs.collector.Derived;
import org.pgknobs.report.captures.Captures;
import org.pgknobs.report.captures.StepCaptures;
import org.pgknobs.results.MachineFacts;

/**
 * What a rule may look at: the step's collector figures (null when the collector did not run), the
 * baseline step's (absent for the baseline itself or when it was not measured), the step's setting values
 * (name → value as the user wrote it, or as pg_settings shows it when the step did not set it) and the
 * evidence from its step.json; {@code captures} its capture files and those of the step it is compared
 * with; {@code comparison} that step's figures, settings and repeats.
 *
 * <p>The rules read through the package-private figure accessors below, never the components: each accessor
 * records the figure's name in {@code log}, in the name a {@link Reason} lists, so that a test can hold every
 * sentence's listed figures against what its rule read (WhyRulesTableTest).
 */
public record WhyInput(Derived step, Optional<Derived> baseline, Map<String, String> settings, Evidence evidence,
                       Optional<Captures> captures, Optional<Comparison> comparison, ReadLog log) {

    public WhyInput {
        settings = Map.copyOf(settings);
        baseline = baseline == null ? Optional.empty() : baseline;
        evidence = evidence == null ? Evidence.NONE : evidence;
        captures = captures == null ? Optional.empty() : captures;
        comparison = comparison == null ? Optional.empty() : comparison;
        log = log == null ? new ReadLog() : log;
    }

    public WhyInput(Derived step, Optional<Derived> baseline, Map<String, String> settings, Evidence evidence,
                    Optional<Captures> captures, Optional<Comparison> comparison) {
        this(step, baseline, settings, evidence, captures, comparison, new ReadLog());
    }

    public WhyInput(Derived step, Optional<Derived> baseline, Map<String, String> settings, Evidence evidence,
                    Optional<Captures> captures) {
        this(step, baseline, settings, evidence, captures, Optional.empty());
    }

    public WhyInput(Derived step, Optional<Derived> baseline, Map<String, String> settings, Evidence evidence) {
        this(step, baseline, settings, evidence, Optional.empty());
    }

    public WhyInput(Derived step, Optional<Derived> baseline, Map<String, String> settings) {
        this(step, baseline, settings, Evidence.NONE);
    }

    /** The same input with an empty log: one per rule evaluation. */
    WhyInput tracked() {
        return new WhyInput(step, baseline, settings, evidence, captures, comparison, new ReadLog());
    }

    /** The step compared with; without a {@link Comparison}, the base's figures alone (older callers). */
    Optional<Comparison> compared() {
        return comparison.or(() -> baseline.map(b -> Comparison.figuresOnly("the base", b)));
    }

    /** The compared step's name ("the compared step" when only its capture files are known); null without one. */
    String comparedName() {
        return compared().map(Comparison::name).orElse(
                captures.flatMap(Captures::compared).isPresent() ? "the compared step" : null);
    }

    private <T> T read(String name, T value) {
        log.add(name);
        return value;
    }

    private Derived comparedDerived() {
        return compared().map(Comparison::derived).orElse(null);
    }

    Double hitRatio() {
        return read("clientHitRatio", step == null ? null : step.clientHitRatio());
    }

    Double comparedHitRatio() {
        Derived c = comparedDerived();
        return read("compared.clientHitRatio", c == null ? null : c.clientHitRatio());
    }

    /** WAL bytes written in the window. */
    Double walBytes() {
        return read("walBytes", walTotal(step));
    }

    Double comparedWalBytes() {
        return read("compared.walBytes", walTotal(comparedDerived()));
    }

    Double fpiShare() {
        return read("fpiShare", step == null ? null : step.wal().fpiShare());
    }

    Double comparedFpiShare() {
        Derived c = comparedDerived();
        return read("compared.fpiShare", c == null ? null : c.wal().fpiShare());
    }

    private static Double walTotal(Derived d) {
        return d == null || d.wal().bytes() == null ? null : d.wal().bytes().total();
    }

    /** Transactions the workload committed in the window (not pg_stat_database's commits + rollbacks). */
    Long committed() {
        return read("committed", evidence.successful());
    }

    Long comparedCommitted() {
        return read("compared.committed", compared().map(Comparison::committed).orElse(null));
    }

    CheckpointFigures checkpoints() {
        return read("checkpoints", step == null ? null : step.checkpoints());
    }

    Double windowSeconds() {
        return read("windowSeconds", step == null ? null : step.seconds());
    }

    Double autovacuumPerMinute() {
        return read("autovacuumPerMinute", step == null ? null : step.maintenance().autovacuumPerMinute());
    }

    AutovacuumActivity autovacuum() {
        return read("autovacuum", step == null ? null : step.autovacuum());
    }

    Derived.Waits waits() {
        return read("waits", step == null ? null : step.waits());
    }

    Derived.Waits comparedWaits() {
        Derived c = comparedDerived();
        return read("compared.waits", c == null ? null : c.waits());
    }

    Optional<String> setting(String name) {
        return read("settings." + name, Optional.ofNullable(settings.get(name)));
    }

    Optional<String> comparedSetting(String name) {
        return read("compared.settings." + name,
                compared().map(Comparison::settings).map(s -> s.get(name)));
    }

    MachineFacts.Cpu cpu() {
        return read("machine.cpu", evidence.headlineCpu());
    }

    MachineFacts.Fsync fsync() {
        return read("machine.fsync", evidence.fsync());
    }

    MachineFacts.Reads reads() {
        return read("machine.reads", evidence.reads());
    }

    Map<String, Long> errorsBySqlState() {
        return read("errorsBySqlState", evidence.errorsBySqlState());
    }

    Long attempts() {
        return read("attempts", evidence.attempts());
    }

    String isolation() {
        return read("isolation", evidence.isolation());
    }

    /** The throughput interval against the compared step (Welch on logs), or null without one. */
    Evidence.Noise noise() {
        return read("vsCompared.interval", evidence.noise());
    }

    /** Whether the step's throughput differs from the compared step's (the same interval as {@link #noise}). */
    Comparison.Throughput throughput() {
        Evidence.Noise n = evidence.noise();
        return read("vsCompared.interval", compared().map(Comparison::throughput).orElse(
                n == null ? Comparison.Throughput.UNKNOWN : n.holdsOne() ? Comparison.Throughput.NO_DIFFERENCE
                        : n.clearOfDrift() ? Comparison.Throughput.DIFFERS : Comparison.Throughput.WITHIN_DRIFT));
    }

    /** Both steps' figures per repeat (latency, hit ratio, WAL, ...); none without a comparison. */
    RepeatFigures repeatFigures() {
        return comparison.map(Comparison::repeatFigures).orElse(RepeatFigures.NONE);
    }

    Steadiness steadiness() {
        return read("perSecond.throughput", evidence.steadiness());
    }

    /** The median repeats' plans.json (and the step's statements.json, for shares), or empty without both steps. */
    Optional<Captures> plans() {
        log.add("plans.json");
        log.add("compared.plans.json");
        log.add("statements.json");
        return captures.filter(c -> c.compared().isPresent());
    }

    /** The run's SERIALIZABLE regime measures (the SIREAD samples and their count); null without. */
    org.pgknobs.results.RunRegime regimeMeasures() {
        return read("siread_locks.samples", evidence.regime() == null ? null : evidence.regime().measures());
    }

    /** Serialization failures (40001) among the attempts: retries plus errors; null without. */
    Long serializationFailures() {
        log.add("retries");
        return read("errors_by_sqlstate.40001", evidence.regime() == null ? null
                : evidence.regime().serializationFailures());
    }

    /** The relation-locked tables of {@code regime}: each one's relation-level samples and seq scans are read. */
    java.util.List<String> relationLocked(org.pgknobs.results.RunRegime regime) {
        java.util.List<String> locked = regime.relationLocked();
        locked.forEach(t -> {
            log.add("siread_locks." + t + ".relation_samples");
            log.add("table_scans." + t + ".seq_scan");
            log.add("table_scans." + t + ".idx_scan");
        });
        return locked;
    }

    /** Calls by generic and custom plans over the window, where pg_stat_statements has them; null without. */
    org.pgknobs.collector.PlanCalls planCalls(org.pgknobs.results.RunRegime regime) {
        return regime.planCalls() == null ? null : read("statements.generic_plan_calls", regime.planCalls());
    }

    /** The step's own plans.json, without the compared step's (a rule on the step alone). */
    Optional<Captures> ownPlans() {
        log.add("plans.json");
        return captures;
    }

    /** Each repeat's regime, grouped; null without. */
    org.pgknobs.results.RegimeGroups regimeRepeats() {
        log.add("siread_locks");
        return read("table_scans", evidence.regime() == null ? null : evidence.regime().repeats());
    }

    /** The step's and the compared step's repeats by regime, when they span more than one; null without. */
    org.pgknobs.results.RegimeShift regimeShift() {
        log.add("siread_locks");
        return read("table_scans", evidence.regime() == null ? null : evidence.regime().shift());
    }

    /** Both steps' statements.json, one per measured repeat (the median repeats' when no repeats were given). */
    Repeats statements() {
        log.add("statements.json");
        log.add("compared.statements.json");
        return repeats();
    }

    /** Both steps' profile.folded, one per measured repeat (the median repeats' when no repeats were given). */
    Repeats profiles() {
        log.add("profile.folded");
        log.add("compared.profile.folded");
        return repeats();
    }

    String headlinePhase() {
        return evidence.headlinePhase();
    }

    private Repeats repeats() {
        List<StepCaptures> mine = comparison.map(Comparison::stepRepeats).filter(l -> !l.isEmpty())
                .orElseGet(() -> captures.map(c -> List.of(c.step())).orElse(List.of()));
        List<StepCaptures> theirs = comparison.map(Comparison::comparedRepeats).filter(l -> !l.isEmpty())
                .orElseGet(() -> captures.flatMap(Captures::compared).map(List::of).orElse(List.of()));
        return new Repeats(mine, theirs);
    }

    /** A step's and its compared step's capture files over their repeats. */
    record Repeats(List<StepCaptures> step, List<StepCaptures> compared) {
    }
}
