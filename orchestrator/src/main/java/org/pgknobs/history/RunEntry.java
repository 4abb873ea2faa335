package org.pgknobs.history;

import java.util.List;

/** One result directory as the history records it: the run's facts and its finished steps. */
public record RunEntry(RunFacts facts, List<StepEntry> steps) {

    public RunEntry {
        steps = List.copyOf(steps);
    }
}
