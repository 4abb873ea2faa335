package org.pgknobs.workload;

import java.util.List;

/** What a workload run measured; the headline phase is what tables and slowdowns use. */
public record WorkloadResult(String kind, String driver, List<PhaseResult> phases, String headlinePhase) {

    public PhaseResult headline() {
        return phases.stream().filter(p -> p.name().equals(headlinePhase)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no phase " + headlinePhase));
    }
}
