package org.pgknobs.run;

import java.util.List;
import org.pgknobs.benchbase.BenchBaseConfig;
import org.pgknobs.experiment.Driver;
import org.pgknobs.experiment.InsertBenchSpec;
import org.pgknobs.experiment.TpccSpec;
import org.pgknobs.experiment.WorkloadSpec;
import org.pgknobs.experiment.plan.InsertBenchSizes;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.stats.SteadyWarmup;
import org.pgknobs.workload.Workload;
import org.pgknobs.workload.benchbase.BenchBaseLauncher;
import org.pgknobs.workload.benchbase.BenchBaseSetup;
import org.pgknobs.workload.benchbase.BenchBaseWorkload;
import org.pgknobs.workload.insertbench.InsertBenchWorkload;
import org.pgknobs.workload.tpcc.TpccWorkload;

/** Builds the workload an experiment's {@code workload:} section describes. */
public final class Workloads {

    /** BenchBase's own name for the results: tpcc.summary.json, tpcc.samples.csv, ... */
    public static final String TPCC_PREFIX = "tpcc";
    private static final long SEED = 20261130L;

    private Workloads() {
    }

    public static Workload create(WorkloadSpec spec, ConnectionInfo server) {
        return create(spec, server, null);
    }

    /**
     * @param benchBase how to start BenchBase for {@code driver: benchbase}; null = find it now from
     *                  BENCHBASE_HOME / the class path (bad input when it is not there)
     */
    public static Workload create(WorkloadSpec spec, ConnectionInfo server, BenchBaseLauncher benchBase) {
        return switch (spec.kind()) {
            case TPCC -> spec.driver() == Driver.BENCHBASE
                    ? new BenchBaseWorkload(benchBaseConfig(spec.tpcc(), server),
                            benchBase != null ? benchBase : BenchBaseSetup.fromEnvironment().resolve(), TPCC_PREFIX,
                            BenchBaseWorkload.DEFAULT_AGENT_OPTIONS)
                    : tpcc(spec.tpcc(), server);
            case INSERTBENCH -> insertBench(spec.insertbench());
        };
    }

    /** The BenchBase XML an experiment's TPC-C section means (the URL points at {@code server}). */
    public static BenchBaseConfig benchBaseConfig(TpccSpec tpcc, ConnectionInfo server) {
        BenchBaseConfig.WorkRate rate = tpcc.rate().isUnlimited() ? BenchBaseConfig.WorkRate.parse("unlimited")
                : BenchBaseConfig.WorkRate.perSecond(tpcc.rate().perSecond().getAsDouble());
        List<Double> weights = tpcc.weights().stream().map(Integer::doubleValue).toList();
        return BenchBaseConfig.tpcc(server.jdbcUrl("tpcc") + "?reWriteBatchedInserts=true&sslmode=disable",
                server.user(), server.password(), tpcc.warehouses(), tpcc.terminals(), rate,
                (int) tpcc.warmup().toSeconds(), (int) tpcc.duration().toSeconds(), weights,
                tpcc.isolation().benchBaseName());
    }

    private static Workload tpcc(TpccSpec tpcc, ConnectionInfo server) {
        int loaders = tpcc.loaderThreads().orElse(0); // 0: one per core, the driver's default
        TpccWorkload w = new TpccWorkload(benchBaseConfig(tpcc, server), loaders, TPCC_PREFIX, false, SEED);
        return tpcc.autoWarmup().map(a -> w.withAutoWarmup(SteadyWarmup.of((int) a.cap().toSeconds(),
                (int) a.steady().toSeconds()))).orElse(w);
    }

    private static Workload insertBench(InsertBenchSpec ib) {
        return new InsertBenchWorkload(InsertBenchSizes.config(ib), SEED);
    }
}
