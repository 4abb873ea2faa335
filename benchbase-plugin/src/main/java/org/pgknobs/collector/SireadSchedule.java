package org.pgknobs.collector;

/**
 * When a round samples the SIREAD locks. Reading pg_locks takes every lock partition briefly, so it is kept to
 * the runs that have predicate locks: a sample at every window edge, at every round while the last sample found
 * any, and else every {@value #PROBE_EVERY}th round, so a run that turns SERIALIZABLE later is still found.
 * Not thread-safe: the collector calls it under its lock.
 */
final class SireadSchedule {

    static final int PROBE_EVERY = 10;

    private final boolean everyRound;
    private boolean lastFoundAny;
    private int roundsSinceSample = PROBE_EVERY;

    /** @param everyRound the workload runs SERIALIZABLE: sample every round */
    SireadSchedule(boolean everyRound) {
        this.everyRound = everyRound;
    }

    SireadSchedule() {
        this(false);
    }

    boolean due(boolean windowEdge) {
        return everyRound || windowEdge || lastFoundAny || roundsSinceSample >= PROBE_EVERY;
    }

    /** A round ran: {@code sample} is what it sampled, null when it did not sample. */
    void after(java.util.List<SireadCount> sample) {
        if (sample == null) {
            roundsSinceSample++;
        } else {
            roundsSinceSample = 1;
            lastFoundAny = !sample.isEmpty();
        }
    }
}
