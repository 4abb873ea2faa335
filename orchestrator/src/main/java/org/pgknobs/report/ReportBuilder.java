package org.pgknobs.report;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.pgknobs.BadInputException;
import org.pgknobs.collector.Derived;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.Mode;
import org.pgknobs.report.captures.StepCaptures;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.MachineCalibration;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.results.WorkloadResult;

/** Turns result directories as {@link ResultDirReader} read them into {@link ReportData}: every figure a report shows. */
public final class ReportBuilder {

    private static final List<String> BASELINE_NAMES = List.of("baseline", "base");

    private ReportBuilder() {
    }

    public static ReportData build(List<RunData> runs, Optional<String> baseline, Instant now) {
        return build(runs, baseline, Optional.empty(), now);
    }

    /** @param referenceVersion the major the versions table divides by (default: the newest present) */
    public static ReportData build(List<RunData> runs, Optional<String> baseline, Optional<Integer> referenceVersion,
                                   Instant now) {
        List<ReportData.Run> built = runs.stream().map(r -> run(r, baseline)).toList();
        return new ReportData(ReportData.SCHEMA_VERSION, now.toString(), baseline.orElse(null), built,
                built.size() > 1 ? RunComparison.rows(runs, built) : List.of(), PartsMerge.versions(runs, built, referenceVersion),
                PartsMerge.shards(runs, built));
    }

    static ReportData.Run run(RunData data, Optional<String> baselineOption) {
        Map<String, List<StepRun>> byStep = new LinkedHashMap<>();
        data.steps().stream().sorted(Comparator.comparingInt(StepRun::index).thenComparingInt(StepRun::repeat))
                .forEach(s -> byStep.computeIfAbsent(s.name(), k -> new ArrayList<>()).add(s));
        String baseline = baselineOption.orElseGet(() -> BASELINE_NAMES.stream().filter(byStep::containsKey)
                .findFirst().orElse(byStep.keySet().iterator().next()));
        if (!byStep.containsKey(baseline)) {
            throw new BadInputException("--baseline " + baseline + ": " + data.dir() + " has no step of that name (steps: "
                    + String.join(", ", byStep.keySet()) + ")");
        }
        Optional<WorkloadResult> anyWorkload = data.steps().stream().filter(StepRun::measured).findFirst()
                .map(s -> s.result().workload());
        String headline = anyWorkload.map(WorkloadResult::headlinePhase).orElse(null);
        Optional<org.pgknobs.experiment.Reference> ref = data.experiment().flatMap(Experiment::reference);
        Set<String> phaseNames = new LinkedHashSet<>();
        data.steps().stream().filter(StepRun::measured)
                .forEach(s -> s.result().workload().phases().forEach(p -> phaseNames.add(p.name())));
        String refPhase = ref.map(r -> referencePhase(r.metric(), phaseNames, headline)).orElse(null);

        Map<String, Double> published = ref.map(org.pgknobs.experiment.Reference::values).orElse(Map.of());
        List<StepRun> baseRuns = byStep.get(baseline);
        Stat baseThroughput = Stat.of(Repeats.headlineValues(baseRuns, headline));
        Optional<Derived> baseDerived = Repeats.medianRun(baseRuns, headline).flatMap(r -> Repeats.derived(r, headline));

        Mode mode = data.experiment().map(Experiment::mode).orElse(Mode.CUMULATIVE);
        // a bracketed base: its measurements' trend is what every comparison is set against (VerdictModel)
        Drift drift = Drift.ofBracket(data.suite().map(SuiteRecord::bracket).orElse(null), data.steps(), headline);
        // the steps ran on one server, workload and machine: one spread for all where a test allows (RunNoise)
        RunNoise noise = RunNoise.of(byStep, headline);
        Map<String, String> notPublished = data.suite().map(SuiteRecord::notPublished).orElse(Map.of());
        List<ReportData.Step> steps = new ArrayList<>();
        List<StepBuilder.Base> bases = new ArrayList<>();
        List<Against> againsts = new ArrayList<>();
        String previous = null;
        for (Map.Entry<String, List<StepRun>> e : byStep.entrySet()) {
            boolean isBase = e.getKey().equals(baseline);
            Double pub = Objects.equals(refPhase, headline) ? published.get(e.getKey()) : null;
            Double pubBase = Objects.equals(refPhase, headline) ? published.get(baseline) : null;
            // cumulative: each step is told apart from the one before it; variants: from the base
            String neighbour = isBase ? null : mode == Mode.CUMULATIVE && previous != null ? previous : baseline;
            // every repeat, in whatever regime, by the run's one noise model (docs/statistics.md)
            EffectInterval vsBase = isBase ? null
                    : RunRegimes.slowdown(baseline, baseRuns, e.getKey(), e.getValue(), headline, noise);
            EffectInterval vsNeighbour = neighbour == null ? null : neighbour.equals(baseline) ? vsBase
                    : RunRegimes.slowdown(neighbour, byStep.get(neighbour), e.getKey(), e.getValue(), headline, noise);
            Optional<StepCaptures> comparedCaptures = neighbour == null ? Optional.empty()
                    : Repeats.medianRun(byStep.get(neighbour), headline).map(StepRun::captures);
            bases.add(new StepBuilder.Base(headline, baseThroughput, isBase ? Optional.empty() : baseDerived, isBase,
                    pub, pubBase, mode == Mode.CUMULATIVE));
            againsts.add(new Against(neighbour, comparedCaptures, vsBase, vsNeighbour == vsBase ? null : vsNeighbour,
                    notPublished.containsKey(e.getKey()) ? Verdict.NOT_THE_PUBLISHED_STEP : null,
                    neighbour == null ? List.of() : byStep.get(neighbour), List.of()));
            steps.add(StepBuilder.step(e.getKey(), e.getValue(), bases.get(bases.size() - 1),
                    againsts.get(againsts.size() - 1)));
            previous = e.getKey();
        }
        // the one verdict model decides every mark and verdict of the run's tables, as one family per page
        VerdictModel.DriftModel trend = drift == null || !drift.base().equals(baseline) ? VerdictModel.DriftModel.NONE
                : trends(byStep, baseline, phaseNames, data.steps());
        List<ReportData.PhaseTable> sweep = mode == Mode.VARIANTS ? VerdictModel.sweep(
                sweep(byStep, baseline, headline, phaseNames, refPhase, published), headline, trend) : List.of();
        steps = said(VerdictModel.steps(steps, sweep, headline, trend), byStep, bases, againsts);
        String experiment = data.experiment().map(Experiment::name)
                .orElseGet(() -> data.suite().map(s -> s.origin().experiment()).orElse(data.dirName()));
        String postgres = data.steps().stream().filter(s -> s.stats() != null && s.stats().environment() != null)
                .map(s -> s.stats().environment().serverVersion()).findFirst()
                .orElseGet(() -> data.suite().map(s -> s.environment()).map(env -> env.postgresVersion()).orElse(null));
        String host = data.steps().stream().filter(s -> s.stats() != null && s.stats().environment() != null)
                .map(s -> s.stats().environment()).findFirst()
                .map(env -> String.format(Locale.ROOT, "%d cores, %.1f GB RAM, %s", env.hostCores(),
                        env.hostMemoryBytes() == null ? 0 : env.hostMemoryBytes() / 1e9, env.hostKernel()))
                .orElse(null);
        return new ReportData.Run(experiment + " " + data.dirName(), data.dir(), experiment,
                mode.name().toLowerCase(Locale.ROOT), data.suite().map(s -> s.progress().status()).orElse("unknown"),
                new ReportData.Setup(postgres, host, anyWorkload.map(w -> w.kind() + " (" + w.driver() + ")").orElse(null),
                        headline, data.suite().map(SuiteRecord::observed).map(ReportBuilder::observed).orElse(null),
                        data.calibration().map(MachineCalibration::describe).orElse(null)),
                ref.map(r -> new ReportData.Reference(r.source(), r.metric(), refPhase, r.notes())).orElse(null),
                baseline, steps, sweep, AblationSection.of(data),
                mode == Mode.VARIANTS || mode == Mode.CUMULATIVE ? baseSpread(baseline, baseRuns, headline, drift, noise)
                        : null);
    }

    /**
     * The steps with their why-lines, said in the run's order once the verdict model decided the marks they are gated
     * on (each step reads the lines of the step it is compared with, said before it).
     */
    private static List<ReportData.Step> said(List<ReportData.Step> decided, Map<String, List<StepRun>> byStep,
                                              List<StepBuilder.Base> bases, List<Against> againsts) {
        List<ReportData.Step> said = new ArrayList<>();
        for (int i = 0; i < decided.size(); i++) {
            ReportData.Step s = decided.get(i);
            said.add(StepBuilder.said(s, byStep.get(s.name()), bases.get(i),
                    againsts.get(i).withComparedWhy(StepBuilder.why(said, againsts.get(i).compared()))));
        }
        return said;
    }

    /**
     * The bracketed base's trend per phase ({@link BaseTrend}, time zero the run's first start): each step's ratio
     * against the base is set against the base as it was when the step ran.
     */
    private static VerdictModel.DriftModel trends(Map<String, List<StepRun>> byStep, String baseline,
                                                  Set<String> phases, List<StepRun> all) {
        java.time.Instant origin = all.stream().filter(r -> r.result() != null && r.result().started() != null)
                .map(r -> r.result().started()).min(Comparator.naturalOrder()).orElse(null);
        Map<String, BaseTrend> byPhase = new LinkedHashMap<>();
        phases.forEach(p -> byPhase.put(p, BaseTrend.of(byStep.get(baseline), p, origin)));
        return (phase, step) -> {
            BaseTrend t = byPhase.get(phase);
            return t == null || step.equals(baseline) || !byStep.containsKey(step) ? 1 : t.ratioFactor(byStep.get(step));
        };
    }

    private static Spread baseSpread(String baseline, List<StepRun> baseRuns, String headline, Drift drift,
                                     RunNoise noise) {
        Spread spread = Spread.of(baseline, Repeats.headlineValues(baseRuns, headline));
        spread = spread == null || drift == null ? spread : spread.withDrift(drift);
        return spread == null ? null : spread.withNoiseModel(noise.sentence());
    }

    /** "statements (shared_preload_libraries + pg_stat_statements)": what suite.json says observe turned on. */
    static String observed(SuiteRecord.Observed o) {
        List<String> added = o.addedSettings() == null ? List.of() : o.addedSettings().entrySet().stream()
                .map(e -> e.getKey() + " + " + e.getValue()).toList();
        return String.join(", ", o.captures()) + (added.isEmpty() ? ""
                : " (added to every step, the base included: " + String.join(", ", added) + ")");
    }

    /** "l.i1 inserts/s" → l.i1 when a phase has that name; any other metric ("tps") is the headline's. */
    static String referencePhase(String metric, Set<String> phases, String headline) {
        String first = metric == null ? "" : metric.strip().split("\\s+")[0];
        return phases.contains(first) ? first : headline;
    }

    private static List<ReportData.PhaseTable> sweep(Map<String, List<StepRun>> byStep, String baseline, String headline,
                                                     Set<String> phaseNames, String refPhase, Map<String, Double> published) {
        List<String> order = new ArrayList<>();
        if (headline != null) {
            order.add(headline);
        }
        phaseNames.stream().filter(p -> !p.equals(headline)).forEach(order::add);
        List<ReportData.PhaseTable> tables = new ArrayList<>();
        for (String phase : order) {
            // each phase pools the spread over its own steps
            RunNoise phaseNoise = RunNoise.of(byStep, phase);
            Stat base = Stat.of(Repeats.headlineValues(byStep.get(baseline), phase));
            Map<String, Stat> values = new LinkedHashMap<>();
            byStep.forEach((name, runs) -> values.put(name, Stat.of(Repeats.headlineValues(runs, phase))));
            Double pubBase = phase.equals(refPhase) ? published.get(baseline) : null;
            List<ReportData.RelativeRow> rows = new ArrayList<>();
            for (Map.Entry<String, Stat> v : values.entrySet()) {
                Stat s = v.getValue();
                boolean isBase = v.getKey().equals(baseline);
                // the ratio of medians only where there is no interval; VerdictModel puts the interval's estimate
                Double rel = s != null && base != null && base.median() > 0 && !isBase ? s.median() / base.median() : null;
                EffectInterval interval = rel == null ? null
                        : RunRegimes.ratio(baseline, byStep.get(baseline), v.getKey(), byStep.get(v.getKey()), phase,
                        phaseNoise);
                Double pub = phase.equals(refPhase) ? published.get(v.getKey()) : null;
                Double pubRel = pub != null && pubBase != null && pubBase > 0 && !isBase ? pub / pubBase : null;
                // marks, agreement and verdict: VerdictModel.sweep, over the page's family
                rows.add(new ReportData.RelativeRow(v.getKey(), s, rel, interval, false, pub, pubRel, null, null, null,
                        Mark.NONE));
            }
            tables.add(new ReportData.PhaseTable(phase, rows));
        }
        return tables;
    }
}
