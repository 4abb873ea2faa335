package org.pgknobs.collector;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.Map;

/**
 * Figures computed from a window's deltas (and, for {@code autovacuum}, its rounds' samples). Nulls mean "not
 * available on this server or not computable" (e.g. no pg_stat_io before PG 16, no transactions for
 * per-transaction figures). The topic records are unwrapped in pgstats.json: its {@code derived} object keeps one
 * flat key per figure ({@code transactionsPerSecond}, {@code walBytes}, ...), as before they were grouped.
 *
 * @param clientHitRatio hits / (hits + reads) of client backends on relations, from pg_stat_io
 * @param ioByBackendType pg_stat_io by backend type; types without any I/O in the window are left out
 * @param autovacuum what the autovacuum workers did in the window, from the workers sampled every round; null
 *     when they could not be sampled (and in files written before it was collected)
 */
public record Derived(
        double seconds,
        @JsonUnwrapped Transactions txns,
        Double clientHitRatio,
        @JsonUnwrapped Wal wal,
        CheckpointFigures checkpoints,
        Map<String, IoFigures> ioByBackendType,
        @JsonUnwrapped Maintenance maintenance,
        Long deadlocks,
        Rate tempBytes,
        @JsonUnwrapped Waits waits,
        AutovacuumActivity autovacuum) {

    /** Never null: an unwrapped null would drop its keys from the file instead of writing them as null. */
    public Derived {
        txns = txns == null ? new Transactions(null, null, null) : txns;
        wal = wal == null ? new Wal(null, null, null, null) : wal;
        maintenance = maintenance == null ? new Maintenance(null, null, null, null) : maintenance;
        waits = waits == null ? new Waits(0, List.of()) : waits;
    }

    /**
     * @param source "caller" when the workload passed its own count, else "pg_stat_database" (xact_commit +
     *               xact_rollback of the benchmark database minus the collector's own transactions)
     */
    public record Transactions(@JsonProperty("transactions") Long count,
                               @JsonProperty("transactionsSource") String source,
                               @JsonProperty("transactionsPerSecond") Double perSecond) {
    }

    /** @param fpiShare wal_fpi / wal_records */
    public record Wal(@JsonProperty("walBytes") Rate bytes, @JsonProperty("walRecords") Rate records,
                      @JsonProperty("walFpi") Rate fpi, @JsonProperty("fpiShare") Double fpiShare) {
    }

    /** Autovacuum and autoanalyze runs counted in the window (autovacuum_count, autoanalyze_count of pg_stat_all_tables). */
    public record Maintenance(@JsonProperty("autovacuumRuns") Rate autovacuumRuns,
                              @JsonProperty("autovacuumPerMinute") Double autovacuumPerMinute,
                              @JsonProperty("autoanalyzeRuns") Rate autoanalyzeRuns,
                              @JsonProperty("autoanalyzePerMinute") Double autoanalyzePerMinute) {
    }

    /** pg_stat_activity's wait events as sampled every round: all samples, and the most frequent events. */
    public record Waits(@JsonProperty("waitSamples") long samples,
                        @JsonProperty("topWaitEvents") List<WaitShare> top) {
    }

    public Derived withAutovacuum(AutovacuumActivity activity) {
        return new Derived(seconds, txns, clientHitRatio, wal, checkpoints, ioByBackendType, maintenance,
                deadlocks, tempBytes, waits, activity);
    }
}
