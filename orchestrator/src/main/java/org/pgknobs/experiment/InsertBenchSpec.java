package org.pgknobs.experiment;

import java.time.Duration;
import java.util.List;

/**
 * Insert benchmark parameters. {@code initialRows} is rows per table for l.i0; {@code i1Rows} and
 * {@code i2Rows} are rows per client for l.i1 and l.i2; {@code querySeconds} is the length of each
 * qr and qp step; {@code queryRates} the background insert rates (rows/s per client) of those steps;
 * {@code variant} which iibench.py to follow; {@code cleanupWait} the least length of the clean-up before
 * the query steps (null: his 60 s + 1 s per million rows, at most 1200 s).
 */
public record InsertBenchSpec(int clients, long initialRows, long i1Rows, long i2Rows, Duration querySeconds,
                              List<Integer> queryRates, Duration warmup, Variant variant, Duration cleanupWait) {

    public static final List<Integer> STANDARD_QUERY_RATES = List.of(100, 500, 1000);

    /** iibench.py as of today, or as of May 2023 (the round-3 tuning posts). */
    public enum Variant { CURRENT, MAY2023 }

    public InsertBenchSpec {
        queryRates = List.copyOf(queryRates);
        if (variant == null) {
            variant = Variant.CURRENT;
        }
    }

    /** Sized for a 2-core machine: the whole sequence of steps takes about a minute. */
    public static InsertBenchSpec defaults() {
        return new InsertBenchSpec(2, 100_000, 20_000, 5_000, Duration.ofSeconds(5), STANDARD_QUERY_RATES,
                Duration.ZERO, Variant.CURRENT, null);
    }
}
