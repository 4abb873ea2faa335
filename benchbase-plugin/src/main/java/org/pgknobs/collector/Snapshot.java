package org.pgknobs.collector;

import java.util.List;
import java.util.Map;

/**
 * Everything one snapshot round read. {@code timestampMs} is on the caller's clock; {@code ownXacts}
 * counts the collector's own transactions that completed before this round began, so they can be
 * taken out of the database's transaction count. {@code autovacuumWorkers} is null when the round could
 * not sample them (the query failed, or this server version lacks a view it needs); {@code sireadLocks} is
 * null when the round did not sample them ({@link SireadSchedule}) or could not.
 */
public record Snapshot(
        long timestampMs,
        long nanoTime,
        Map<String, List<StatRow>> groups,
        Map<String, String> errors,
        Map<String, Long> waitSamples,
        long ownXacts,
        double costMs,
        List<AutovacuumWorker> autovacuumWorkers,
        List<SireadCount> sireadLocks) {

    public Snapshot {
        groups = Map.copyOf(groups);
        errors = Map.copyOf(errors);
        waitSamples = Map.copyOf(waitSamples);
        autovacuumWorkers = autovacuumWorkers == null ? null : List.copyOf(autovacuumWorkers);
        sireadLocks = sireadLocks == null ? null : List.copyOf(sireadLocks);
    }

    /** A round that did not sample the SIREAD locks. */
    public Snapshot(long timestampMs, long nanoTime, Map<String, List<StatRow>> groups, Map<String, String> errors,
                    Map<String, Long> waitSamples, long ownXacts, double costMs, List<AutovacuumWorker> autovacuumWorkers) {
        this(timestampMs, nanoTime, groups, errors, waitSamples, ownXacts, costMs, autovacuumWorkers, null);
    }

    public List<StatRow> rows(String group) {
        return groups.getOrDefault(group, List.of());
    }
}
