package org.pgknobs.collector;

import java.util.List;

/**
 * What the autovacuum workers did in a measured window, from the workers sampled every round
 * ({@link AutovacuumWorker}) and pg_stat_user_tables' counters. A worker seen in a round counts for the
 * interval that ends at that round, so worker-seconds have the collector's interval as resolution; a run
 * that starts and ends between two rounds is not seen as started, but is counted as finished.
 *
 * @param rounds        the snapshot rounds inside the window (the closing one included) that sampled the workers
 * @param workerSeconds seconds of all workers on tables of the benchmark database, summed
 * @param share         {@code workerSeconds} ÷ window seconds (above 1 with several workers at once)
 * @param startedRuns   runs (a worker on a table) first seen inside the window, not running when it opened
 * @param finishedRuns  autovacuum_count deltas (vacuums that finished), summed over the tables
 * @param analyzesFinished autoanalyze_count deltas, summed
 * @param tables        by worker-seconds, most first; then tables whose runs finished without being seen
 */
public record AutovacuumActivity(long rounds, double workerSeconds, double share, long startedRuns, long finishedRuns,
                                 long analyzesFinished, List<Table> tables) {

    public AutovacuumActivity {
        tables = tables == null ? List.of() : List.copyOf(tables);
    }

    /**
     * One table.
     *
     * @param share            the table's worker-seconds ÷ window seconds
     * @param runningAtOpen    runs already on it when the window opened
     * @param furthestPhase    the latest vacuum phase seen (in PostgreSQL's order of phases), or the analyze
     *                         phase when it was only analyzed; null when no worker was seen on it
     * @param heapBlksTotal    the table's heap blocks as the last run seen reported them; null without a vacuum seen
     * @param heapBlksScanned  heap blocks scanned inside the window (runs running at open: from their first sample)
     * @param heapBlksVacuumed heap blocks vacuumed inside the window, likewise
     */
    public record Table(String table, double workerSeconds, double share, long started, long runningAtOpen,
                        long finished, long analyzesFinished, String furthestPhase, Long heapBlksTotal,
                        long heapBlksScanned, long heapBlksVacuumed) {
    }

    /** Runs that were already on a table when the window opened (they started during the warm-up or before). */
    public long runningAtOpen() {
        return tables.stream().mapToLong(Table::runningAtOpen).sum();
    }

    /**
     * "3 running since before the window, 0 started, 0 finished": a run that started in the warm-up and outlasts the
     * window is neither started nor finished in it, and would otherwise read as no run at all. The report's text and
     * its why-rule both word the runs so.
     */
    public String runsText() {
        return (runningAtOpen() > 0 ? runningAtOpen() + " running since before the window, " : "")
                + startedRuns + " started, " + finishedRuns + " finished";
    }

    /** The table its workers spent the most time on, if any was seen. */
    public java.util.Optional<Table> busiest() {
        return tables.stream().filter(t -> t.workerSeconds() > 0).findFirst();
    }
}
