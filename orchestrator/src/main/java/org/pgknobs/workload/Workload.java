package org.pgknobs.workload;

import java.nio.file.Path;
import java.util.List;
import org.pgknobs.results.WorkloadResult;
import org.pgknobs.server.ConnectionInfo;

/**
 * A benchmark the suite runner can load once and run per step. Implementations: built-in TPC-C
 * ({@code workload.tpcc}), the BenchBase process driver ({@code workload.benchbase}) and the insert
 * benchmark ({@code workload.insertbench}).
 */
public interface Workload {

    /** "tpcc" or "insertbench". */
    String kind();

    /** "builtin" or "benchbase". */
    String driver();

    /** The database the workload uses; created by {@link #load} if missing. */
    String database();

    /**
     * Creates the schema and loads the initial data. The runner snapshots the data directory afterwards,
     * so everything a run needs must be in the database when this returns (vacuumed, checkpointed).
     *
     * @param admin connection to the server's maintenance database (the workload creates its own)
     */
    void load(ConnectionInfo admin, ProgressListener progress) throws WorkloadException;

    /**
     * Runs the workload: warm-up (not measured) then each measured phase. Calls
     * {@code listener.phaseStarted/phaseEnded} at the exact boundaries of every measured window, so the
     * stats collector snapshots on the same clock. Writes its result files into {@code outDir} before
     * returning. A run in which few or no transactions complete is a valid result, not an error.
     */
    WorkloadResult run(ConnectionInfo admin, Path outDir, MeasurementListener listener) throws WorkloadException;

    /**
     * True when the workload samples pg_stat_* itself (BenchBase's process carries the collector agent),
     * so the suite must not run a second collector on the same window.
     */
    default boolean collectsItsOwnStats() {
        return false;
    }

    /**
     * Every distinct statement {@link #run} sends, for the plan capture before each step's warm-up; empty
     * when the workload cannot name them.
     */
    default List<WorkloadStatement> statements() {
        return List.of();
    }
}
