package org.pgknobs.experiment.plan;

import org.pgknobs.experiment.InsertBenchSpec;
import org.pgknobs.workload.insertbench.InsertBenchConfig;
import org.pgknobs.workload.insertbench.InsertBenchVariant;

/** An experiment's insert-benchmark section as the workload's own sizes: what the runner runs and the plan estimates. */
public final class InsertBenchSizes {

    private InsertBenchSizes() {
    }

    /** No seed: the runner gives the workload its own. */
    public static InsertBenchConfig config(InsertBenchSpec ib) {
        return new InsertBenchConfig(ib.clients(), ib.initialRows(), ib.i1Rows(), ib.i2Rows(),
                (int) ib.querySeconds().toSeconds(), ib.queryRates(), InsertBenchVariant.valueOf(ib.variant().name()),
                ib.cleanupWait() == null ? null : (int) ib.cleanupWait().toSeconds(), null);
    }
}
