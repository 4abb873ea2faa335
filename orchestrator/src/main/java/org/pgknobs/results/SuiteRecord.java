package org.pgknobs.results;

import java.time.Instant;
import java.util.List;

/**
 * suite.json: the whole suite at a glance, rewritten after every step. Steps are listed in plan order
 * with their current status; the per-step files stay the source of truth for results. {@code tags} say
 * which version and shard of a larger run this directory is.
 */
public record SuiteRecord(String experiment, String source, String profile, List<String> sets, String status,
                          Instant started, Instant updated, RunEnvironment environment, List<Entry> steps,
                          RunTags tags) {

    /** suite.json files written before tags existed read as an untagged whole run. */
    public RunTags tagsOrNone() {
        return tags != null ? tags : new RunTags(null, null, null);
    }

    public SuiteRecord with(String newStatus, List<Entry> newSteps) {
        return new SuiteRecord(experiment, source, profile, sets, newStatus, started, Instant.now(), environment,
                newSteps, tags);
    }

    /** One planned step × repeat. */
    public record Entry(int index, String name, int repeat, String dir, StepStatus status, String reason) {
    }
}
