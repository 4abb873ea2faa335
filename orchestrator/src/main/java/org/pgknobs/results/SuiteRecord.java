package org.pgknobs.results;

import java.time.Instant;
import java.util.List;

/**
 * suite.json: the whole suite at a glance, rewritten after every step. Steps are listed in plan order
 * with their current status; the per-step files stay the source of truth for results.
 */
public record SuiteRecord(String experiment, String source, String profile, List<String> sets, String status,
                          Instant started, Instant updated, RunEnvironment environment, List<Entry> steps) {

    /** One planned step × repeat. */
    public record Entry(int index, String name, int repeat, String dir, StepStatus status, String reason) {
    }
}
