package org.pgknobs.cli;

import org.pgknobs.workload.insertbench.InsertBenchConfig;
import org.pgknobs.workload.insertbench.InsertBenchVariant;
import picocli.CommandLine.Option;

/**
 * The insert benchmark's sizes and variant, the same options for {@code insertbench} and {@code bench
 * insertbench}; what is not given comes from the command's starting sizes (its profile or its own).
 */
final class InsertBenchSizeOptions {

    @Option(names = "--clients", description = "Clients (one table each).")
    Integer clients;

    @Option(names = "--initial-rows", description = "Rows per table loaded by l.i0.")
    Long initialRows;

    @Option(names = "--i1-rows", description = "Rows per client inserted and deleted by l.i1 (0 skips it).")
    Long i1Rows;

    @Option(names = "--i2-rows", description = "Rows per client inserted and deleted by l.i2 (0 skips it; may2023 has none).")
    Long i2Rows;

    @Option(names = "--variant", description = "current (iibench.py today) or may2023 (the round-3 posts' code). Default: current.")
    String variant;

    /** {@code base} with every size given on the command line in its place. */
    InsertBenchConfig over(InsertBenchConfig base) {
        return new InsertBenchConfig(
                clients != null ? clients : base.clients(),
                initialRows != null ? initialRows : base.initialRows(),
                i1Rows != null ? i1Rows : base.i1Rows(),
                i2Rows != null ? i2Rows : base.i2Rows(),
                base.querySeconds(), base.queryRates(),
                variant != null ? InsertBenchVariant.parse(variant, "--variant") : base.variant(),
                base.cleanupWaitSeconds(), base.seed());
    }
}
