package org.pgknobs.collector;

import java.util.List;
import java.util.Map;

/**
 * Figures computed from a window's deltas (and, for {@code autovacuum}, its rounds' samples). Nulls mean "not
 * available on this server or not computable" (e.g. no pg_stat_io before PG 16, no transactions for
 * per-transaction figures).
 *
 * @param transactionsSource "caller" when the workload passed its own count, else "pg_stat_database"
 *     (xact_commit + xact_rollback of the benchmark database minus the collector's own transactions)
 * @param ioByBackendType pg_stat_io by backend type; types without any I/O in the window are left out
 * @param clientHitRatio hits / (hits + reads) of client backends on relations, from pg_stat_io
 * @param fpiShare wal_fpi / wal_records
 * @param autovacuum what the autovacuum workers did in the window, from the workers sampled every round; null
 *     when they could not be sampled (and in files written before it was collected)
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
        List<WaitShare> topWaitEvents,
        AutovacuumActivity autovacuum) {

    public Derived withAutovacuum(AutovacuumActivity activity) {
        return new Derived(seconds, transactions, transactionsSource, transactionsPerSecond, clientHitRatio, walBytes,
                walRecords, walFpi, fpiShare, checkpoints, ioByBackendType, autovacuumRuns, autovacuumPerMinute,
                autoanalyzeRuns, autoanalyzePerMinute, deadlocks, tempBytes, waitSamples, topWaitEvents, activity);
    }
}
