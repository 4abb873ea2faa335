package org.pgknobs.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.pgknobs.ablation.Effects;
import org.pgknobs.ablation.LogThroughput;
import org.pgknobs.experiment.AblationSpec;
import org.pgknobs.experiment.AblationUnits;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.Mode;
import org.pgknobs.results.AblationRecord;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.results.StepStatus;

/**
 * An ablation's part of the report, from the files: the units from ablation.json (else the resolved
 * experiment), ln of the headline throughput of every done run, the effects, and the search as recorded.
 */
final class AblationSection {

    private AblationSection() {
    }

    /** Null unless the directory holds an ablation. */
    static ReportData.Ablation of(RunData data) {
        Optional<Experiment> experiment = data.experiment().filter(e -> e.mode() == Mode.ABLATION);
        if (experiment.isEmpty() && data.ablation().isEmpty()) {
            return null;
        }
        Map<String, List<String>> units = new LinkedHashMap<>();
        if (data.ablation().isPresent()) {
            data.ablation().get().units().forEach(u -> units.put(u.name(), List.copyOf(u.settings().keySet())));
        } else {
            AblationUnits.units(experiment.get()).forEach(u -> units.put(u.name(), List.copyOf(u.settings().keySet())));
        }
        Map<String, List<Double>> logs = new LinkedHashMap<>();
        Map<String, List<Double>> throughputs = new LinkedHashMap<>();
        Set<String> floored = new LinkedHashSet<>();
        for (StepRun s : data.steps()) {
            Optional<PhaseResult> headline = s.status() == StepStatus.DONE && s.measured()
                    ? s.result().workload().phases().stream()
                            .filter(p -> p.name().equals(s.result().workload().headlinePhase())).findFirst()
                    : Optional.empty();
            headline.ifPresent(h -> {
                LogThroughput l = LogThroughput.of(h.throughput(), h.seconds());
                logs.computeIfAbsent(s.name(), k -> new ArrayList<>()).add(l.value());
                throughputs.computeIfAbsent(s.name(), k -> new ArrayList<>()).add(h.throughput());
                if (l.floored()) {
                    floored.add(s.name());
                }
            });
        }
        Map<String, Effects.Runs> runs = new LinkedHashMap<>();
        logs.forEach((k, v) -> runs.put(k, new Effects.Runs(v)));
        Effects.Summary summary = Effects.compute(units, runs);
        double threshold = data.ablation().map(AblationRecord::threshold)
                .orElseGet(() -> experiment.map(e -> e.ablation().threshold()).orElse(AblationSpec.DEFAULT_THRESHOLD));
        List<Effects.UnitEffect> effects = summary != null ? summary.units() : units.entrySet().stream()
                .map(e -> new Effects.UnitEffect(e.getKey(), e.getValue(), null, null, null, null, null, null, null, null, null))
                .toList();
        return new ReportData.Ablation(threshold, summary == null ? null : summary.slowdown(), effects,
                List.copyOf(floored), data.ablation().map(AblationRecord::searchStatus).orElse("off"),
                data.ablation().map(AblationRecord::search).orElse(null), UnitIntervals.of(units.keySet(), throughputs));
    }
}
