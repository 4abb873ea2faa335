package org.pgknobs.results;

import java.util.List;

/**
 * What a workload run measured; the headline phase is what tables and slowdowns use.
 *
 * @param warmup how the warm-up went; null for workloads without one (the insert benchmark) and in step.json files
 *               written before pgknobs recorded it
 */
public record WorkloadResult(String kind, String driver, List<PhaseResult> phases, String headlinePhase,
                             WarmupOutcome warmup) {

    public WorkloadResult(String kind, String driver, List<PhaseResult> phases, String headlinePhase) {
        this(kind, driver, phases, headlinePhase, null);
    }

    public PhaseResult headline() {
        return phases.stream().filter(p -> p.name().equals(headlinePhase)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no phase " + headlinePhase));
    }
}
