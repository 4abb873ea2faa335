package org.pgknobs.collector;

import java.util.List;
import java.util.Map;

/**
 * Figures computed from a window's deltas. Nulls mean "not available on this server or not
 * computable" (e.g. no pg_stat_io before PG 16, no transactions for per-transaction figures).
 *
 * @param transactionsSource "caller" when the workload passed its own count, else "pg_stat_database"
 *     (xact_commit + xact_rollback of the benchmark database minus the collector's own transactions)
 * @param ioByBackendType pg_stat_io by backend type; types without any I/O in the window are left out
 * @param clientHitRatio hits / (hits + reads) of client backends on relations, from pg_stat_io
 * @param fpiShare wal_fpi / wal_records
 */
public record Derived(
        double seconds,
        Long transactions,
        String transactionsSource,
        Double transactionsPerSecond,
        Double clientHitRatio,
        Rate walBytes,
        Rate walRecords,
        Rate walFpi,
        Double fpiShare,
        CheckpointFigures checkpoints,
        Map<String, IoFigures> ioByBackendType,
        Rate autovacuumRuns,
        Double autovacuumPerMinute,
        Rate autoanalyzeRuns,
        Double autoanalyzePerMinute,
        Long deadlocks,
        Rate tempBytes,
        long waitSamples,
        List<WaitShare> topWaitEvents) {
}
