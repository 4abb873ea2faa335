package org.pgknobs.benchbase;

import java.util.List;

/**
 * What {@link BenchBaseResultFiles} needs from a driver's run to write BenchBase's result files: the
 * measured window and every request completed in it. A driver other than BenchBase (pgknobs' built-in
 * TPC-C) implements it so its files read like BenchBase's.
 */
public interface MeasuredRun {

    /** One completed request. */
    interface Transaction {
        /** BenchBase's 1-based transaction type index. */
        int typeIndex();

        /** BenchBase's transaction name, e.g. NewOrder. */
        String typeName();

        double startEpochSeconds();

        /** Start on the driver's {@link System#nanoTime()} clock, for bucketing from {@link #windowStartNanos()}. */
        long startNanos();

        int latencyMicros();

        int worker();
    }

    List<? extends Transaction> transactions();

    /** Every transaction type, in index order: one {@code .results.<Name>.csv} each. */
    List<String> transactionNames();

    long windowStartNanos();

    double windowSeconds();

    /** Requests completed in the window per second. */
    double throughput();

    /** Successful requests completed in the window per second. */
    double goodput();
}
