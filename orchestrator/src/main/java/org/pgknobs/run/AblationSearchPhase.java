package org.pgknobs.run;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.pgknobs.ablation.CulpritSearch;
import org.pgknobs.ablation.Effects;
import org.pgknobs.ablation.LogThroughput;
import org.pgknobs.experiment.AblationSpec;
import org.pgknobs.experiment.AblationUnit;
import org.pgknobs.experiment.AblationUnits;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.Mode;
import org.pgknobs.experiment.plan.AblationPlan;
import org.pgknobs.experiment.plan.ExperimentPlan;
import org.pgknobs.experiment.plan.PlannedRun;
import org.pgknobs.experiment.plan.PlannedStep;
import org.pgknobs.results.AblationRecord;
import org.pgknobs.results.CulpritSearchResult;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteLayout;
import org.pgknobs.results.SuiteRecord;

/**
 * The part of an ablation decided at run time: after the fixed runs (base, full, without-U, only-U), the
 * culprit search measures each candidate set as one more step ({@code search-NN}, from the same restored
 * data) and ablation.json records every candidate the moment it is measured. A candidate PostgreSQL
 * refuses ends as a failed or rejected step with PostgreSQL's message, and the search goes on.
 */
final class AblationSearchPhase {

    private final Experiment experiment;
    private final ExperimentPlan plan;
    private final SuiteLayout layout;
    private final List<AblationUnit> units;
    private final Map<String, Object> full;
    private final Map<String, Object> base;

    AblationSearchPhase(Experiment experiment, ExperimentPlan plan, SuiteLayout layout,
                        Map<String, Object> baseToApply, Map<String, Object> fullToApply) {
        this.experiment = experiment;
        this.plan = plan;
        this.layout = layout;
        this.units = AblationUnits.units(experiment);
        this.base = baseToApply;
        this.full = fullToApply;
    }

    /**
     * Whether {@code --resume} still has a search to run although every fixed run is done: a resumed
     * search starts again from its first candidate.
     */
    static boolean unfinished(Experiment experiment, SuiteLayout earlier) {
        if (experiment.mode() != Mode.ABLATION || experiment.ablation().search() == AblationSpec.Search.OFF) {
            return false;
        }
        return !Files.isRegularFile(earlier.ablationJson())
                || !"done".equals(JsonFiles.read(earlier.ablationJson(), AblationRecord.class).searchStatus());
    }

    /** ablation.json before anything runs: the units, and the search still to come (or off). */
    void writeStart() {
        write(experiment.ablation().search() == AblationSpec.Search.OFF ? "off" : "pending", null);
    }

    /**
     * Runs the search over the fixed runs' results in suite.json, unless it is off: each candidate is planned
     * as one more run and goes through {@code body} like any other.
     */
    void run(StepBody body) {
        List<SuiteRecord.Entry> entries = body.entries();
        AblationSpec spec = experiment.ablation();
        if (spec.search() == AblationSpec.Search.OFF) {
            return;
        }
        Map<String, List<String>> unitSettings = new LinkedHashMap<>();
        units.forEach(u -> unitSettings.put(u.name(), List.copyOf(u.settings().keySet())));
        Map<String, Effects.Runs> runs = fixedRuns(entries);
        Effects.Summary effects = Effects.compute(unitSettings, runs);
        if (effects == null) {
            write("skipped", new CulpritSearchResult(lower(spec.search()), spec.threshold(), List.of(), List.of(), List.of(),
                    "base or full has no measurement: nothing to search from"));
            return;
        }
        write("running", null);
        int[] next = {plan.steps().size()};
        CulpritSearch search = new CulpritSearch(spec.search(), spec.threshold(), effects.logBase(), effects.logFull(),
                settings -> {
                    next[0]++;
                    String name = String.format("search-%02d", next[0] - plan.steps().size());
                    PlannedStep step = new PlannedStep(next[0], name, "candidate: " + String.join(", ", settings),
                            AblationUnits.withOverlay(base, full, settings), experiment.server().initdb(), Optional.empty());
                    PlannedRun run = new PlannedRun(step, 1, 1);
                    StepResult result = body.run(body.planned(List.of(run)).get(0), run, step.description());
                    CulpritSearch.Trial trial = trial(result, name);
                    if (result == null) {
                        throw new Interrupted();
                    }
                    return trial;
                });
        search.onCandidate(sofar -> write("running", new CulpritSearchResult(lower(spec.search()), spec.threshold(),
                List.of(), List.of(), sofar, "searching")));
        for (AblationUnit u : units) {
            Set<String> rest = new LinkedHashSet<>(unitSettings.values().stream().flatMap(List::stream).toList());
            rest.removeAll(u.settings().keySet());
            known(search, runs.get(AblationPlan.ONLY + u.name()), u.settings().keySet(), AblationPlan.ONLY + u.name());
            known(search, runs.get(AblationPlan.WITHOUT + u.name()), rest, AblationPlan.WITHOUT + u.name());
        }
        // greedy drops the least important first: smallest leave-one-out effect, unmeasured last
        Map<String, List<String>> order = new LinkedHashMap<>();
        effects.units().stream().sorted(Comparator.comparing((Effects.UnitEffect e) -> e.looEffect() == null
                ? Double.MAX_VALUE : e.looEffect())).forEach(e -> order.put(e.unit(), unitSettings.get(e.unit())));
        try {
            write("done", search.run(order));
        } catch (Interrupted e) {
            write("interrupted", null);
        }
    }

    private static void known(CulpritSearch search, Effects.Runs runs, Set<String> settings, String run) {
        if (runs != null && !runs.logs().isEmpty() && !settings.isEmpty()) {
            search.know(settings, CulpritSearch.Trial.of(runs.mean(), run));
        }
    }

    /** A signal stopped the suite while the search ran. */
    private static final class Interrupted extends RuntimeException {
        Interrupted() {
            super("interrupted", null, false, false);
        }
    }

    private static CulpritSearch.Trial trial(StepResult result, String run) {
        if (result == null) {
            return CulpritSearch.Trial.failed("interrupted", run);
        }
        Optional<PhaseResult> headline = result.workload() == null ? Optional.empty()
                : result.workload().phases().stream().filter(p -> p.name().equals(result.workload().headlinePhase())).findFirst();
        if (result.status() != StepStatus.DONE || headline.isEmpty()) {
            return CulpritSearch.Trial.failed(result.status().json() + (result.reason() == null ? "" : ": " + result.reason()), run);
        }
        return CulpritSearch.Trial.of(LogThroughput.of(headline.get().throughput(), headline.get().seconds()).value(), run);
    }

    /** ln T per repeat of every fixed run that measured something, by step name. */
    private Map<String, Effects.Runs> fixedRuns(List<SuiteRecord.Entry> entries) {
        Map<String, List<Double>> logs = new LinkedHashMap<>();
        for (SuiteRecord.Entry e : entries) {
            if (e.status() != StepStatus.DONE) {
                continue;
            }
            StepResult r = JsonFiles.read(SuiteLayout.stepJson(layout.root().resolve(e.dir())), StepResult.class);
            CulpritSearch.Trial t = trial(r, e.name());
            t.log().ifPresent(l -> logs.computeIfAbsent(e.name(), k -> new ArrayList<>()).add(l));
        }
        Map<String, Effects.Runs> out = new LinkedHashMap<>();
        logs.forEach((k, v) -> out.put(k, new Effects.Runs(v)));
        return out;
    }

    private void write(String status, CulpritSearchResult result) {
        List<AblationRecord.Unit> recorded = units.stream()
                .map(u -> new AblationRecord.Unit(u.name(), u.settings(), u.from())).toList();
        JsonFiles.write(layout.ablationJson(), new AblationRecord(AblationRecord.SCHEMA_VERSION,
                experiment.ablation().threshold(), lower(experiment.ablation().search()), status, recorded, result));
    }

    private static String lower(Enum<?> e) {
        return e.name().toLowerCase(java.util.Locale.ROOT);
    }
}
