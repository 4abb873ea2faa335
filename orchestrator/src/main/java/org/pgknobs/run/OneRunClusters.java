package org.pgknobs.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.pgknobs.experiment.plan.PlannedRun;

/**
 * The initdb groups (clusters) a suite runs exactly once, so their loaded data is never restored and the snapshot
 * after the load ({@link org.pgknobs.run.data.DataSnapshot}, a full copy of the loaded cluster) would buy nothing.
 * Only a fixed schedule is certain: auto rounds, an ablation search, a bisection and a bracket's warm-up decide or add
 * runs as they go, so an open-ended suite keeps every snapshot. A --resume is a new process that loads again.
 */
final class OneRunClusters {

    private OneRunClusters() {
    }

    /**
     * @param order     the fixed schedule of runs (every run of it, final or not: more runs only keep a snapshot)
     * @param openEnded the schedule may grow or repeat a run (auto rounds, search, ablation, bracket warm-up)
     * @return the initdb option lists with exactly one run in the order; empty when open-ended
     */
    static Set<List<String>> of(List<PlannedRun> order, boolean openEnded) {
        if (openEnded) {
            return Set.of();
        }
        Map<List<String>, Long> runs = order.stream()
                .collect(Collectors.groupingBy(p -> p.step().initdb(), LinkedHashMap::new, Collectors.counting()));
        return runs.entrySet().stream().filter(e -> e.getValue() == 1).map(Map.Entry::getKey)
                .collect(Collectors.toUnmodifiableSet());
    }
}
