package org.pgknobs.report;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.pgknobs.collector.Derived;
import org.pgknobs.collector.IoFigures;
import org.pgknobs.collector.Rate;
import org.pgknobs.collector.WaitShare;
import org.pgknobs.report.captures.Captures;
import org.pgknobs.report.captures.StepCaptures;
import org.pgknobs.report.plans.PlanChanges;
import org.pgknobs.report.statements.StatementTables;
import org.pgknobs.collector.WholeRun;
import org.pgknobs.collector.WindowStats;
import org.pgknobs.report.why.Comparison;
import org.pgknobs.report.why.Evidence;
import org.pgknobs.report.why.Inert;
import org.pgknobs.report.why.NothingToActOn;
import org.pgknobs.report.why.Reason;
import org.pgknobs.report.why.Steadiness;
import org.pgknobs.report.why.WhyInput;
import org.pgknobs.report.why.WhyRules;
import org.pgknobs.results.MachineFacts;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.PhaseResult;

/** One step of a run over its repeats, as {@link ReportData.Step}: each topic built by its own function. */
final class StepBuilder {

    /** The why-lines of the step named {@code name} among those built so far; empty without. */
    static List<Reason> why(List<ReportData.Step> built, String name) {
        return built.stream().filter(s -> s.name().equals(name)).findFirst()
                .map(s -> s.diagnosis().why()).orElse(List.of());
    }

    /**
     * The base and the published values.
     *
     * @param baseDerived the base's collector figures; empty for the base itself
     * @param published   the published headline value of this step and of the base, null without; marks,
     *                    verdicts and the why-gate allow for the base's drift through its trend model
     *                    ({@link VerdictModel}, {@link BaseTrend})
     */
    record Base(String headline, Stat throughput, Optional<Derived> baseDerived, boolean isBase, Double published,
                Double publishedBase, boolean cumulative) {
    }

    private StepBuilder() {
    }

    /**
     * The step's figures, its comparisons and what its changed settings found to act on; its why-lines are said by
     * {@link #said} once the run's verdict model has decided the marks they are gated on.
     */
    static ReportData.Step step(String name, List<StepRun> runs, Base base, Against against) {
        String headline = base.headline();
        Optional<StepRun> median = Repeats.medianRun(runs, headline);
        Optional<PhaseResult> phase = median.flatMap(r -> Repeats.phase(r, headline));
        Optional<Outcome> outcome = phase.map(Outcome::of);
        MachineFacts machine = median.map(StepRun::result).map(r -> r.machine()).orElse(null);
        Optional<Derived> d = median.flatMap(r -> Repeats.derived(r, headline));
        Optional<Captures> captures = median.map(m -> new Captures(m.captures(), against.comparedCaptures()));
        return new ReportData.Step(runs.get(0).index(), name, status(runs), runs.stream().map(StepRun::reason)
                .filter(Objects::nonNull).findFirst().orElse(null), runs.size(), median.map(StepRun::repeat).orElse(null),
                effect(runs, base, against, outcome), window(median, phase, outcome, machine, headline),
                server(d, median, outcome), captured(median, captures, against, headline),
                new ReportData.Diagnosis(List.of(), WindowSteadiness.of(runs), inert(name, runs, against, headline),
                        null),
                series(runs, median));
    }

    /**
     * The step with its why-lines, said after the verdict model decided its marks (docs/reports.md, "The why-gate"):
     * the comparative lines are gated on {@code decided}'s why-gate and read its interval (set against the base's
     * trend), so a step the tables mark gets them as they are and a step they do not mark gets none un-prefixed.
     *
     * @param against what the step is set against, with the compared step's why-lines as said
     */
    static ReportData.Step said(ReportData.Step decided, List<StepRun> runs, Base base, Against against) {
        String headline = base.headline();
        Optional<StepRun> median = Repeats.medianRun(runs, headline);
        if (median.isEmpty()) {
            return decided;
        }
        Optional<PhaseResult> phase = median.flatMap(r -> Repeats.phase(r, headline));
        Optional<Derived> d = median.flatMap(r -> Repeats.derived(r, headline));
        Optional<Outcome> outcome = phase.map(Outcome::of);
        MachineFacts machine = median.map(StepRun::result).map(r -> r.machine()).orElse(null);
        ReportData.Effect e = decided.effect();
        // the interval the gate decided on: against the step before in a chain, else the base
        EffectInterval compared = e.stepBeforeInterval() != null ? e.stepBeforeInterval() : e.slowdownInterval();
        Evidence evidence = new Evidence(machine, headline, outcome.map(Outcome::errorsBySqlState).orElse(null),
                outcome.map(Outcome::attempts).orElse(null), outcome.map(Outcome::successful).orElse(null),
                outcome.map(Outcome::isolation).orElse(null), noise(compared), decided.diagnosis().steadiness(),
                median.flatMap(m -> RunRegimes.evidence(m, runs, phase, headline, against.compared(),
                        against.comparedRuns())).orElse(null),
                // the insert benchmark's driver counts inserted rows as its transactions: its per-"transaction" is per row
                median.map(StepRun::result).map(r -> r.workload().kind())
                        .map(k -> k.equals(org.pgknobs.workload.insertbench.InsertBenchWorkload.KIND) ? "row" : null)
                        .orElse(null));
        Optional<Comparison> comparison = WhyComparison.of(runs, against, headline, compared,
                decided.diagnosis().whyGate());
        List<Reason> why = WhyRules.explain(new WhyInput(d.orElse(null), base.baseDerived(), median.get().settings(),
                evidence, decided.captured().captures(), comparison));
        ReportData.Diagnosis diagnosis = decided.diagnosis();
        return decided.with(new ReportData.Diagnosis(withInert(why, diagnosis.nothingToActOn()),
                diagnosis.steadiness(), diagnosis.nothingToActOn(),
                comparison.map(Comparison::throughput).orElse(diagnosis.whyGate())));
    }

    /** The step's changed settings that found nothing to act on here or in the step it is compared with. */
    private static List<Inert> inert(String name, List<StepRun> runs, Against against, String headline) {
        Optional<StepRun> median = Repeats.medianRun(runs, headline);
        Optional<StepRun> other = Repeats.medianRun(against.comparedRuns(), headline);
        if (against.compared() == null || median.isEmpty() || other.isEmpty()) {
            return List.of();
        }
        List<StepRun> mine = measured(runs);
        List<StepRun> theirs = measured(against.comparedRuns());
        return NothingToActOn.find(new NothingToActOn.Sides(name, windows(mine), whole(mine), against.compared(),
                windows(theirs), whole(theirs)), ChangedSettings.between(median.get(), other.get()));
    }

    private static List<StepRun> measured(List<StepRun> runs) {
        return runs.stream().filter(r -> r.status() == StepStatus.DONE && r.measured()).toList();
    }

    /** Every measured window of every phase. */
    private static List<WindowStats> windows(List<StepRun> runs) {
        return runs.stream().filter(r -> r.stats() != null).flatMap(r -> r.stats().windows().stream()).toList();
    }

    /** Each repeat's whole run (warm-up and every phase); null for a repeat without one. */
    private static List<WholeRun> whole(List<StepRun> runs) {
        return runs.stream().map(r -> r.stats() == null ? null : r.stats().wholeRun())
                .collect(java.util.stream.Collectors.toList());
    }

    private static List<Reason> withInert(List<Reason> why, List<Inert> inert) {
        List<Reason> all = new java.util.ArrayList<>(why);
        // what the counters show about the changed setting's mechanism: a description, not a cause ruled out
        inert.forEach(i -> all.add(new Reason(i.reason().rule(), i.reason().text(), i.reason().figures(),
                Reason.DESCRIBES, null)));
        return all;
    }

    private static ReportData.Effect effect(List<StepRun> runs, Base base, Against against, Optional<Outcome> outcome) {
        Stat throughput = Stat.of(Repeats.headlineValues(runs, base.headline()));
        Stat goodput = Stat.of(runs.stream().filter(StepRun::measured).map(r -> Repeats.phase(r, base.headline()))
                .flatMap(Optional::stream).map(PhaseResult::goodput).toList());
        EffectInterval vsBase = against.vsBase();
        // nothing completed in the window: the throughput is below one per window, the slowdown above base ÷ that
        Double below = throughput != null && outcome.isPresent() && outcome.get().nothingCompleted(throughput.median())
                ? outcome.get().bound() : null;
        double value = below != null ? below : throughput == null ? 0 : throughput.median();
        Double slowdown = value > 0 && base.throughput() != null ? base.throughput().median() / value : null;
        // within noise, the mark and the verdict: VerdictModel.steps, with the page's other comparisons
        Double published = base.published();
        Double publishedSlowdown = published != null && base.publishedBase() != null && published > 0
                ? base.publishedBase() / published : null;
        Boolean publishedInside = base.isBase() || throughput == null || publishedSlowdown == null || vsBase == null
                || !vsBase.present() ? null : vsBase.contains(publishedSlowdown);
        return new ReportData.Effect(throughput, goodput, slowdown, vsBase, against.vsStepBefore(), false,
                published, publishedSlowdown, below, against.noVerdict(), publishedInside, Mark.NONE);
    }

    private static ReportData.Window window(Optional<StepRun> median, Optional<PhaseResult> phase,
                                            Optional<Outcome> outcome, MachineFacts machine, String headline) {
        PhaseResult.Latency lat = phase.map(PhaseResult::latencyMs).orElse(null);
        return new ReportData.Window(
                median.flatMap(r -> StepRun.headlineWindow(r.stats(), headline)).map(WorkDone::of).orElse(null),
                outcome.map(Outcome::errorsText).orElse(null), machine,
                lat == null ? null : lat.p50(), lat == null ? null : lat.p95(), lat == null ? null : lat.p99());
    }

    private static ReportData.Server server(Optional<Derived> d, Optional<StepRun> median, Optional<Outcome> outcome) {
        // pg_stat_database counts failed attempts too: with none committed there is nothing per transaction
        boolean noTransaction = outcome.map(o -> o.successful() == 0).orElse(false);
        Map<String, ReportData.Io> io = new LinkedHashMap<>();
        d.map(Derived::ioByBackendType).orElse(Map.of()).forEach((type, f) -> io.put(type, io(f)));
        return new ReportData.Server(d.map(Derived::clientHitRatio).orElse(null),
                d.map(Derived::wal).map(Derived.Wal::bytes).map(r -> r.total() / 1e6).orElse(null),
                noTransaction ? null : d.map(Derived::wal).map(Derived.Wal::bytes).map(Rate::perTransaction).map(v -> v / 1e3).orElse(null),
                noTransaction ? null : d.map(Derived::wal).map(Derived.Wal::fpi).map(Rate::perTransaction).orElse(null),
                d.map(Derived::checkpoints).map(c -> c.timed()).orElse(null),
                d.map(Derived::checkpoints).map(c -> c.requested()).orElse(null),
                d.map(Derived::checkpoints).map(c -> c.meanSecondsBetween()).orElse(null),
                d.map(Derived::maintenance).map(Derived.Maintenance::autovacuumPerMinute).orElse(null),
                median.map(m -> autovacuum(d.orElse(null), m)).orElse(null),
                d.map(Derived::waits).map(Derived.Waits::top).orElse(List.of()).stream().limit(3).map(StepBuilder::wait).toList(), io,
                notAvailable(median));
    }

    /** "n/a on 13: no pg_stat_io" for each collector group the step's server lacks, never a zero in its place. */
    private static Map<String, String> notAvailable(Optional<StepRun> median) {
        Map<String, String> out = new LinkedHashMap<>();
        median.map(StepRun::stats).filter(s -> s.unavailable() != null && s.environment() != null).ifPresent(s ->
                s.unavailable().keySet().forEach(group -> out.put(group,
                        "n/a on " + s.environment().serverVersionNum() / 10000 + ": no " + group)));
        return out;
    }

    private static ReportData.Captured captured(Optional<StepRun> median, Optional<Captures> captures, Against against,
                                                String headline) {
        Optional<StepCaptures> compared = against.comparedCaptures();
        return new ReportData.Captured(
                median.flatMap(m -> compared.flatMap(c -> PlanChanges.compare(c, m.captures())))
                        .map(changes -> new ReportData.Plans(against.compared(), changes)).orElse(null),
                median.flatMap(m -> StatementTables.of(m.captures(), compared, against.compared(), headline,
                        StatementTables.TOP)).orElse(null),
                captures);
    }

    private static ReportData.Series series(List<StepRun> runs, Optional<StepRun> median) {
        Map<String, Stat> phases = new LinkedHashMap<>();
        runs.stream().filter(StepRun::measured).flatMap(r -> r.result().workload().phases().stream())
                .map(PhaseResult::name).distinct()
                .forEach(p -> phases.put(p, Stat.of(Repeats.headlineValues(runs, p))));
        return new ReportData.Series(phases, median.map(StepRun::perSecond).orElse(List.of()),
                median.map(StepRun::checkpoints).orElse(List.of()), median.map(StepRun::phaseSamples).orElse(Map.of()),
                median.map(r -> r.series().waits()).orElse(List.of()));
    }

    /**
     * The interval against the step it is told apart from, when there is one, as the verdict model decided on it (set
     * against the base's trend: no band beside it, the trend model replaced it).
     */
    private static Evidence.Noise noise(EffectInterval i) {
        return i == null || !i.present() || i.bound() ? null
                : new Evidence.Noise(i.against(), i.ratio(), i.lower(), i.upper(), i.n(), i.referenceN());
    }

    private static ReportData.Autovacuum autovacuum(Derived d, StepRun run) {
        ReportData.Autovacuum a = ReportData.Autovacuum.of(d == null ? null : d.autovacuum(),
                run.captures().autovacuumLogEntries());
        return a.activity() == null && a.logEntries() == null ? null : a;
    }

    private static String wait(WaitShare w) {
        return String.format(Locale.ROOT, "%s:%s %.0f %%", w.waitEventType(), w.waitEvent(), w.share() * 100);
    }

    private static ReportData.Io io(IoFigures f) {
        return new ReportData.Io(perSecond(f.reads()), perSecond(f.writes()), perSecond(f.extendOps()),
                perSecond(f.hits()));
    }

    private static double perSecond(Rate r) {
        return r == null ? 0 : r.perSecond();
    }

    private static String status(List<StepRun> runs) {
        Set<StepStatus> statuses = new LinkedHashSet<>();
        runs.forEach(r -> statuses.add(r.status()));
        if (statuses.size() == 1) {
            return statuses.iterator().next().json();
        }
        long done = runs.stream().filter(r -> r.status() == StepStatus.DONE).count();
        return "done " + done + "/" + runs.size();
    }
}
