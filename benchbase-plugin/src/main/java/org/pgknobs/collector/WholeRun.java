package org.pgknobs.collector;

/**
 * The collector's whole run, from its start (before the workload's warm-up) to its finish: the deltas of every
 * counter over the warm-up and every phase together ({@code window}, phase {@value #PHASE}), and where the last
 * checkpoint stood at both ends (pg_control_checkpoint()). It tells what the measured windows alone cannot: a
 * checkpoint in the warm-up, or one that began before a window and wrote all through it (docs/pgstats.md).
 *
 * @param window the deltas from the collector's first snapshot to its last
 * @param start  the last checkpoint as it stood at the collector's start; null when it could not be read
 * @param end    the same at its finish
 */
public record WholeRun(WindowStats window, Redo start, Redo end) {

    public static final String PHASE = "whole-run";

    /**
     * The last completed checkpoint at one moment.
     *
     * @param checkpointLsn the checkpoint record's position in bytes: it moves when a checkpoint completes
     * @param walSinceRedo  bytes of WAL written since that checkpoint's redo point (pg_current_wal_lsn() − redo_lsn):
     *                      how far the WAL stood from what requests the next checkpoint (max_wal_size)
     */
    public record Redo(double checkpointLsn, double walSinceRedo) {
    }

    /** Whether a checkpoint completed between the two ends; null when either end is unknown. */
    public Boolean checkpointCompleted() {
        return start == null || end == null ? null : start.checkpointLsn() != end.checkpointLsn();
    }
}
