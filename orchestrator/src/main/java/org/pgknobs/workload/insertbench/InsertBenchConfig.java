package org.pgknobs.workload.insertbench;

import java.time.Duration;
import java.util.List;
import org.pgknobs.BadInputException;

/**
 * Sizes of an insert-benchmark run. Names follow the experiment YAML keys (clients, initial_rows, i1_rows,
 * i2_rows, query_seconds, query_rates).
 *
 * @param clients      concurrent clients; each has its own table ({@code pi1 .. piN})
 * @param initialRows  rows each client inserts into its table in l.i0
 * @param i1Rows       rows each client inserts (and deletes) in l.i1
 * @param i2Rows       rows each client inserts (and deletes) in l.i2
 * @param querySeconds length of every qr and qp phase
 * @param queryRates   background insert rates, rows/s per client, one qr and one qp phase per rate
 * @param variant      which iibench.py to follow (schema, deletes, phases, clean-up)
 * @param cleanupWaitSeconds the clean-up before the query steps lasts at least this long (vacuum and
 *                     checkpoint included); null = his iq.sh formula, see {@link #cleanupWait()}
 * @param seed         base of the random seeds; null = his np.sh: the step's start time (epoch seconds) + client
 */
public record InsertBenchConfig(int clients, long initialRows, long i1Rows, long i2Rows, int querySeconds,
                                List<Integer> queryRates, InsertBenchVariant variant, Integer cleanupWaitSeconds,
                                Long seed) {

    public InsertBenchConfig(int clients, long initialRows, long i1Rows, long i2Rows, int querySeconds,
                             List<Integer> queryRates) {
        this(clients, initialRows, i1Rows, i2Rows, querySeconds, queryRates, InsertBenchVariant.CURRENT, null, null);
    }

    public InsertBenchConfig {
        require(clients >= 1, "clients", clients, "at least 1");
        require(initialRows >= 1, "initial_rows", initialRows, "at least 1");
        require(i1Rows >= 0, "i1_rows", i1Rows, "0 or more");
        require(i2Rows >= 0, "i2_rows", i2Rows, "0 or more");
        require(querySeconds >= 1, "query_seconds", querySeconds, "at least 1");
        if (queryRates == null || queryRates.stream().anyMatch(r -> r == null || r < 1)) {
            throw new BadInputException("insertbench query_rates " + queryRates
                    + " is invalid: give a list of rows/s per client, each at least 1, e.g. [100, 500, 1000]");
        }
        queryRates = List.copyOf(queryRates);
        if (variant == null) {
            variant = InsertBenchVariant.CURRENT;
        }
        require(cleanupWaitSeconds == null || cleanupWaitSeconds >= 0, "cleanup_wait", cleanupWaitSeconds, "0 or more seconds");
    }

    /** His vac_pg wait: 60 s + 1 s per million rows loaded by l.i0 (all tables), at most 1200 s. */
    public static int hisCleanupWait(long rowsLoaded) {
        // awk printf "%.0f" rounds half to even, as Math.rint
        return (int) Math.rint(Math.min(1200, 60 + rowsLoaded / 1e6));
    }

    /** Seconds the clean-up before the query steps lasts at least. */
    public int cleanupWait() {
        return cleanupWaitSeconds != null ? cleanupWaitSeconds : hisCleanupWait(clients * initialRows);
    }

    /**
     * Rows per second, all clients together, for {@link #estimatedRunTime()}: the slow end of the measured base
     * rates on 2 cores (docs/reproduction.md, "cx7a `fit` with intervals"; l.i2 from docs/benchmarks.md). Steps
     * that slow the base down run longer; the run's ETA corrects itself from the steps it has measured.
     */
    static final double L_I0_ROWS_PER_SECOND = 150_000;
    static final double L_X_ROWS_PER_SECOND = 600_000;
    static final double L_I1_ROWS_PER_SECOND = 50_000;
    static final double L_I2_ROWS_PER_SECOND = 12_000;

    /**
     * About how long one run takes on a 2-core machine: the write steps at the rates above, the clean-up's fixed
     * waits ({@link Cleanup}: today at least {@link #cleanupWait()}, in 2023 two 5 s pauses before every query step
     * but the first) and the query steps (qr, and qp today). Not the vacuums, whose length depends on the data.
     */
    public Duration estimatedRunTime() {
        double initial = (double) clients * initialRows;
        double writing = initial / L_I0_ROWS_PER_SECOND + initial / L_X_ROWS_PER_SECOND
                + (double) clients * i1Rows / L_I1_ROWS_PER_SECOND
                + (variant.hasI2() ? (double) clients * i2Rows / L_I2_ROWS_PER_SECOND : 0);
        long waits = variant == InsertBenchVariant.CURRENT ? cleanupWait()
                : 2L * Math.min(Cleanup.MAY2023_ROUND_PAUSE_SECONDS, cleanupWait()) * Math.max(0, queryRates.size() - 1);
        long queries = (long) querySeconds * queryRates.size() * (variant.hasPointQueries() ? 2 : 1);
        return Duration.ofSeconds(Math.round(writing) + waits + queries);
    }

    public InsertBenchConfig withVariant(InsertBenchVariant v) {
        return new InsertBenchConfig(clients, initialRows, i1Rows, i2Rows, querySeconds, queryRates, v,
                cleanupWaitSeconds, seed);
    }

    public InsertBenchConfig withCleanupWait(Integer seconds) {
        return new InsertBenchConfig(clients, initialRows, i1Rows, i2Rows, querySeconds, queryRates, variant,
                seconds, seed);
    }

    public InsertBenchConfig withSeed(Long s) {
        return new InsertBenchConfig(clients, initialRows, i1Rows, i2Rows, querySeconds, queryRates, variant,
                cleanupWaitSeconds, s);
    }

    /** His rates: qr100/qp100, qr500/qp500, qr1000/qp1000. */
    public static final List<Integer> DEFAULT_RATES = List.of(100, 500, 1000);

    /**
     * Fits a 2-core machine: 5-7 minutes per run, ~0.5 GB of tables and indexes, so the data stays
     * cached as in his "cached" setup.
     */
    public static InsertBenchConfig defaults() {
        return new InsertBenchConfig(2, 500_000, 500_000, 50_000, 30, DEFAULT_RATES);
    }

    /**
     * Sizes of Callaghan's "cached" insert-benchmark runs (8 clients, 20M rows per table loaded, 50M inserts
     * per client in l.i1, 10M in l.i2, 1800 s per query step).
     */
    public static InsertBenchConfig published() {
        return new InsertBenchConfig(8, 20_000_000, 50_000_000, 10_000_000, 1800, DEFAULT_RATES);
    }

    /** A few thousand rows and short query steps: every phase runs in about a second, for tests; 1 s clean-up wait. */
    public static InsertBenchConfig tiny() {
        return new InsertBenchConfig(2, 2_000, 600, 100, 2, DEFAULT_RATES, InsertBenchVariant.CURRENT, 1, null);
    }

    private static void require(boolean ok, String key, Object value, String rule) {
        if (!ok) {
            throw new BadInputException("insertbench " + key + " = " + value + " is invalid: must be " + rule);
        }
    }
}
