package org.pgknobs.workload.insertbench;

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
 */
public record InsertBenchConfig(int clients, long initialRows, long i1Rows, long i2Rows, int querySeconds,
                                List<Integer> queryRates) {

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

    /** A few thousand rows and short query steps: every phase runs in about a second, for tests. */
    public static InsertBenchConfig tiny() {
        return new InsertBenchConfig(2, 2_000, 600, 100, 2, DEFAULT_RATES);
    }

    private static void require(boolean ok, String key, Object value, String rule) {
        if (!ok) {
            throw new BadInputException("insertbench " + key + " = " + value + " is invalid: must be " + rule);
        }
    }
}
