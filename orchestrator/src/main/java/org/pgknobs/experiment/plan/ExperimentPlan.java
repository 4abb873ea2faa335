package org.pgknobs.experiment.plan;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pgknobs.experiment.AblationUnits;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.InsertBenchSpec;
import org.pgknobs.experiment.Mode;
import org.pgknobs.experiment.Observe;
import org.pgknobs.experiment.StepSpec;
import org.pgknobs.experiment.TpccSpec;
import org.pgknobs.experiment.WorkloadKind;
import org.pgknobs.experiment.WorkloadSpec;

/**
 * The ordered steps of an experiment, each resolved to the full settings it runs with (those of
 * {@code observe:} included, see {@link ObservedSettings}).
 */
public record ExperimentPlan(Experiment experiment, List<PlannedStep> steps) {

    /**
     * Load speed and step overhead on a 2-core machine, fitted to measured runs (docs/reproduction.md, "What the
     * restore and the estimate rest on"). For the printed estimate; the run corrects its ETA from what it
     * measures (run.SuiteProgress).
     */
    static final Duration TPCC_LOAD_PER_WAREHOUSE = Duration.ofSeconds(2);
    /** initdb, start, snapshot copy of a small cluster. */
    static final Duration LOAD_FIXED = Duration.ofSeconds(10);
    /** Restore + start + overlay + restart + verify + stop + the step's files, before the data's size counts. */
    static final Duration STEP_OVERHEAD = Duration.ofSeconds(8);
    /** The restore copies the loaded data, about 110 MB per warehouse (docs/reproduction.md, as above). */
    static final Duration RESTORE_PER_WAREHOUSE = Duration.ofMillis(125);

    public ExperimentPlan {
        steps = List.copyOf(steps);
    }

    public static ExperimentPlan of(Experiment experiment) {
        if (experiment.mode() == Mode.ABLATION) {
            return new ExperimentPlan(experiment, ObservedSettings.apply(experiment, AblationPlan.steps(experiment)));
        }
        List<PlannedStep> planned = new ArrayList<>();
        Map<String, Object> carried = new LinkedHashMap<>(experiment.server().base());
        for (StepSpec step : experiment.steps()) {
            if (!planned(experiment, step)) {
                continue;
            }
            Map<String, Object> settings = new LinkedHashMap<>(
                    experiment.mode() == Mode.CUMULATIVE ? carried : experiment.server().base());
            putAll(settings, step.settings());
            if (experiment.mode() == Mode.CUMULATIVE && carried(experiment, step)) {
                putAll(carried, step.settings());
            }
            List<String> initdb = new ArrayList<>(experiment.server().initdb());
            initdb.addAll(step.initdb());
            planned.add(new PlannedStep(planned.size() + 1, step.name(), step.description(), settings, initdb,
                    step.expectFail()));
        }
        return new ExperimentPlan(experiment, ObservedSettings.apply(experiment, planned));
    }

    /** An optional step is planned only when the file (or a profile) includes it. */
    static boolean planned(Experiment experiment, StepSpec step) {
        return !step.optional() || experiment.includeOptional().contains(step.name());
    }

    /**
     * Whether a cumulative chain carries the step's settings into the steps after it: a planned step not
     * expected to fail (such a step is a probe: later steps build on what actually ran).
     */
    static boolean carried(Experiment experiment, StepSpec step) {
        return planned(experiment, step) && step.expectFail().isEmpty();
    }

    /** Remove then put, so a setting a step changes moves to the step's position (the order it is applied). */
    static void putAll(Map<String, Object> into, Map<String, Object> settings) {
        settings.forEach((k, v) -> {
            into.remove(k);
            into.put(k, v);
        });
    }

    /** Steps grouped by initdb options, in first-use order: the runner loads data once per group. */
    public Map<List<String>, List<PlannedStep>> distinctInitdbSets() {
        Map<List<String>, List<PlannedStep>> out = new LinkedHashMap<>();
        for (PlannedStep step : steps) {
            out.computeIfAbsent(step.initdb(), k -> new ArrayList<>()).add(step);
        }
        return out;
    }

    /** Every run: repeats interleave (1..k, 1..k, ...) so that drift over time hits every step alike. */
    public List<PlannedRun> runs() {
        return runs(experiment.measurement().repeats());
    }

    /** The runs of {@code rounds} interleaved rounds ({@code repeats: auto} plans its rounds one by one). */
    public List<PlannedRun> runs(int rounds) {
        return runs(rounds, rounds);
    }

    /**
     * The first {@code rounds} rounds of {@code outOf} (repeats: auto plans fewer than its max up front, and each
     * run's label and directory must say r1 already when there may be an r2).
     */
    public List<PlannedRun> runs(int rounds, int outOf) {
        List<PlannedRun> out = new ArrayList<>();
        for (int r = 1; r <= rounds; r++) {
            out.addAll(round(r, outOf));
        }
        return out;
    }

    /** Every step once, as the {@code round}-th repeat of {@code repeats}. */
    public List<PlannedRun> round(int round, int repeats) {
        return steps.stream().map(s -> new PlannedRun(s, round, repeats)).toList();
    }

    public Optional<PlannedStep> step(String name) {
        return steps.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** The workload's time per step run, without loading. */
    public Duration runTimePerStep() {
        WorkloadSpec w = experiment.workload();
        if (w.kind() == WorkloadKind.TPCC) {
            return w.tpcc().warmup().plus(w.tpcc().duration());
        }
        InsertBenchSpec ib = w.insertbench();
        // Every insert-benchmark step loads its own tables (l.i0) and runs every later phase.
        return ib.warmup().plus(InsertBenchSizes.config(ib).estimatedRunTime());
    }

    /** The one-off data load per distinct initdb set. */
    public Duration loadTimePerCluster() {
        WorkloadSpec w = experiment.workload();
        if (w.kind() == WorkloadKind.TPCC) {
            return LOAD_FIXED.plus(TPCC_LOAD_PER_WAREHOUSE.multipliedBy(w.tpcc().warehouses()));
        }
        return Duration.ofSeconds(5); // initdb + an empty database; rows are inserted by each step's l.i0
    }

    /** What a step run costs beyond its workload: restore (grows with the data), restarts, verification, files. */
    public Duration stepOverhead() {
        WorkloadSpec w = experiment.workload();
        return w.kind() == WorkloadKind.TPCC
                ? STEP_OVERHEAD.plus(RESTORE_PER_WAREHOUSE.multipliedBy(w.tpcc().warehouses())) : STEP_OVERHEAD;
    }

    /**
     * A rough estimate: run time and overhead per step × repeats, plus one load per initdb set; for an
     * ablation with a search, plus its typical number of candidates (each measured once). With
     * {@code repeats: auto} this is the estimate at its {@code min} rounds; {@link #estimatedDuration(int)} gives
     * the one at {@code max}.
     */
    public Duration estimatedDuration() {
        return estimatedDuration(experiment.measurement().repeats());
    }

    /** The estimate with {@code rounds} repeats of every step. */
    public Duration estimatedDuration(int rounds) {
        long runs = (long) steps.size() * rounds + bracketExtraRuns(rounds);
        if (experiment.mode() == Mode.ABLATION) {
            runs += AblationPlan.searchEstimate(experiment.ablation().search(), AblationUnits.units(experiment).size()).typical();
        }
        return runTimePerStep().plus(stepOverhead()).multipliedBy(runs)
                .plus(loadTimePerCluster().multipliedBy(distinctInitdbSets().size()));
    }

    /** Whether the base is bracketed: a sweep or a chain with the bracket on, and a step beside the base. */
    public boolean bracketed() {
        return experiment.mode() != Mode.ABLATION && experiment.measurement().bracketed() && steps.size() > 1;
    }

    /** Segments of at most {@code every} runs that {@code runs} other steps' runs of a round split into. */
    public static int bracketSegments(int runs, int every) {
        return (runs + every - 1) / every;
    }

    /**
     * Runs of the base with the bracket, the discarded warm-up included: first, then one after every segment of each
     * round (docs/experiments.md, "The bracketed base"); 0 when not bracketed.
     */
    public long bracketBaseRuns(int rounds) {
        return bracketed() ? 2 + (long) rounds * bracketSegments(steps.size() - 1, experiment.measurement().bracket()) : 0;
    }

    /** What the bracket adds to the plan's runs: its base runs in place of one per round. */
    private long bracketExtraRuns(int rounds) {
        return bracketed() ? bracketBaseRuns(rounds) - rounds : 0;
    }

    /** What is printed before a run starts. */
    public String summary() {
        StringBuilder out = new StringBuilder();
        Experiment e = experiment;
        out.append(String.format("%s (%s, %d step%s%s%s)%n", e.name(), e.mode().name().toLowerCase(),
                steps.size(), steps.size() == 1 ? "" : "s", e.measurement().autoRepeats().isPresent() ? ", repeats " + e.measurement().autoRepeats().get().describe()
                        : e.measurement().repeats() > 1 ? ", " + e.measurement().repeats() + " repeats" : "",
                e.provenance().profile().map(p -> ", profile " + p).orElse("")));
        out.append("  workload: ").append(describe(e.workload())).append(System.lineSeparator());
        out.append("  base: ").append(e.server().base().size()).append(" settings");
        if (!e.server().initdb().isEmpty()) {
            out.append(", initdb ").append(String.join(" ", e.server().initdb()));
        }
        out.append(System.lineSeparator());
        if (!e.measurement().observe().isEmpty()) {
            out.append("  observe: ").append(String.join(", ", e.measurement().observe().stream().map(Observe::yamlName).toList()))
                    .append(System.lineSeparator());
        }
        for (PlannedStep s : steps) {
            List<String> extraInitdb = s.initdb().subList(e.server().initdb().size(), s.initdb().size());
            out.append(String.format("  %2d %-20s %3d settings%s%s%n", s.index(), s.name(), s.settings().size(),
                    extraInitdb.isEmpty() ? "" : "  initdb " + String.join(" ", extraInitdb),
                    s.expectFail().map(r -> "  expect fail: " + r).orElse("")));
        }
        if (e.mode() == Mode.ABLATION) {
            out.append(AblationPlan.describe(e, steps.size()));
        }
        if (bracketed()) {
            int rounds = e.measurement().repeats();
            out.append(String.format("  bracket: the base %d times (a discarded warm-up, then measured first, after"
                            + " every %d runs at most and last)%s%n", bracketBaseRuns(rounds),
                    e.measurement().bracket(), e.measurement().autoRepeats().isPresent() ? " at " + rounds + " rounds" : ""));
        }
        String duration = e.measurement().autoRepeats().map(a -> human(estimatedDuration(a.min())) + " to "
                + human(estimatedDuration(a.max())) + " (repeats " + a.describe() + ")").orElse(human(estimatedDuration()));
        out.append(String.format("  estimated duration: %s (%d data load%s, about %s per step run)%n",
                duration, distinctInitdbSets().size(), distinctInitdbSets().size() == 1 ? "" : "s",
                human(runTimePerStep().plus(stepOverhead()))));
        return out.toString();
    }

    static String describe(WorkloadSpec w) {
        if (w.kind() == WorkloadKind.TPCC) {
            TpccSpec t = w.tpcc();
            String warmup = t.autoWarmup().map(a -> "auto (until the last " + human(a.steady()) + " are steady, at most "
                    + human(a.cap()) + "; the estimate counts the cap)").orElse(human(t.warmup()));
            return String.format("tpcc (%s) %d warehouses, %d terminals, rate %s, warmup %s, duration %s, %s",
                    w.driver().name().toLowerCase(), t.warehouses(), t.terminals(), t.rate(), warmup,
                    human(t.duration()), t.isolation().name().toLowerCase());
        }
        InsertBenchSpec i = w.insertbench();
        return String.format("insertbench (%s) %d clients, l.i0 %d rows/table, l.i1 %d and l.i2 %d rows/client, "
                + "queries %s at %s rows/s", i.variant().name().toLowerCase(), i.clients(), i.initialRows(),
                i.i1Rows(), i.i2Rows(), human(i.querySeconds()), i.queryRates());
    }

    static String human(Duration d) {
        long s = d.toSeconds();
        if (s < 120) {
            return s + "s";
        }
        if (s < 7200) {
            return (s / 60) + "m" + (s % 60 == 0 ? "" : " " + (s % 60) + "s");
        }
        return (s / 3600) + "h " + (s % 3600 / 60) + "m";
    }
}
