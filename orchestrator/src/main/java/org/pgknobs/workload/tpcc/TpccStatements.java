package org.pgknobs.workload.tpcc;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.pgknobs.workload.WorkloadStatement;

/**
 * The TPC-C statements as the plan capture sees them, for the built-in driver and BenchBase alike (both
 * send BenchBase's SQL): one per {@link TpccSql}, each with its own draw of parameters from one seeded
 * generator, so two captures with the same seed draw the same values.
 */
public final class TpccStatements {

    private TpccStatements() {
    }

    /** For a driver that draws its own values (BenchBase): a fixed seed, so every step draws the same. */
    public static List<WorkloadStatement> all(int warehouses) {
        return all(warehouses, 1);
    }

    public static List<WorkloadStatement> all(int warehouses, long seed) {
        SplittableRandom seeds = new SplittableRandom(seed);
        TpccSql.Draw draw = new TpccSql.Draw(new TpccRandom(seeds.nextLong(), NuRandConstants.forRun(seeds)), warehouses);
        return Arrays.stream(TpccSql.values())
                .map(s -> WorkloadStatement.jdbc(s.statementName(), s.sql(), () -> s.draw(draw)))
                .toList();
    }
}
