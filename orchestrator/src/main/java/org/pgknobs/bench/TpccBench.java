package org.pgknobs.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgknobs.benchbase.BenchBaseConfig;
import org.pgknobs.server.EmbeddedBinaries;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.RunAs;
import org.pgknobs.server.Workspace;
import org.pgknobs.workload.MeasurementListener;
import org.pgknobs.workload.PhaseResult;
import org.pgknobs.workload.ProgressListener;
import org.pgknobs.workload.Workload;
import org.pgknobs.workload.WorkloadException;
import org.pgknobs.workload.benchbase.BenchBaseLauncher;
import org.pgknobs.workload.benchbase.BenchBaseWorkload;
import org.pgknobs.host.ChildCpu;
import org.pgknobs.workload.tpcc.TpccWorkload;

/**
 * {@code pgknobs bench tpcc}: a throwaway embedded server, a timed load, one run, one JSON-able figure
 * set. Client CPU is the JVM's process CPU time over the run only (not the load).
 */
public final class TpccBench {

    public record Figures(String driver, int warehouses, int terminals, double loadSeconds, double tps,
                          double goodput, double clientCpuSeconds, double p95Ms) {
        public Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("driver", driver);
            m.put("warehouses", warehouses);
            m.put("terminals", terminals);
            m.put("load_seconds", round(loadSeconds));
            m.put("tps", round(tps));
            m.put("goodput", round(goodput));
            m.put("client_cpu_seconds", round(clientCpuSeconds));
            m.put("p95_ms", Double.isNaN(p95Ms) ? null : round(p95Ms));
            return m;
        }

        private static double round(double d) {
            return Math.round(d * 1000) / 1000.0;
        }
    }

    private final int warehouses;
    private final int terminals;
    private final int durationSeconds;
    private final int warmupSeconds;
    private final boolean progressBar;
    private final BenchBaseLauncher benchBase;
    private final String isolation;

    public TpccBench(int warehouses, int terminals, int durationSeconds, int warmupSeconds, boolean progressBar) {
        this(warehouses, terminals, durationSeconds, warmupSeconds, progressBar, null);
    }

    /** @param benchBase run this BenchBase instead of the built-in driver (null = built-in) */
    public TpccBench(int warehouses, int terminals, int durationSeconds, int warmupSeconds, boolean progressBar,
                     BenchBaseLauncher benchBase) {
        this(warehouses, terminals, durationSeconds, warmupSeconds, progressBar, benchBase, "TRANSACTION_SERIALIZABLE");
    }

    /** @param isolation BenchBase's name for it, e.g. TRANSACTION_READ_COMMITTED */
    public TpccBench(int warehouses, int terminals, int durationSeconds, int warmupSeconds, boolean progressBar,
                     BenchBaseLauncher benchBase, String isolation) {
        this.isolation = isolation;
        this.warehouses = warehouses;
        this.terminals = terminals;
        this.durationSeconds = durationSeconds;
        this.warmupSeconds = warmupSeconds;
        this.progressBar = progressBar;
        this.benchBase = benchBase;
    }

    /** Runs the benchmark; result files go to {@code outDir}. The server is deleted in any case. */
    public Figures run(Path outDir, ProgressListener progress) throws WorkloadException {
        RunAs runAs = RunAs.forCurrentProcess(null);
        ManagedServer server = ManagedServer.create(EmbeddedBinaries.ensure(EmbeddedBinaries.defaultCacheDir(), runAs),
                runAs, Workspace.newInstanceDir(Workspace.defaultWorkDir(), "bench"));
        try {
            server.initdb(List.of());
            server.start();
            // The password matters to BenchBase, which logs in with what the XML says.
            BenchBaseConfig config = BenchBaseConfig.tpcc("jdbc:postgresql://127.0.0.1:" + server.port() + "/tpcc",
                    server.connection().user(), server.connection().password(), warehouses, terminals,
                    BenchBaseConfig.WorkRate.UNLIMITED, warmupSeconds, durationSeconds, BenchBaseConfig.TPCC_WEIGHTS, isolation);
            Workload workload = benchBase == null ? new TpccWorkload(config, 0, "tpcc", progressBar, System.nanoTime())
                    : new BenchBaseWorkload(config, benchBase, "tpcc", BenchBaseWorkload.DEFAULT_AGENT_OPTIONS);
            long loadStart = System.nanoTime();
            workload.load(server.connection(), progress);
            double loadSeconds = (System.nanoTime() - loadStart) / 1e9;
            CpuWindow cpu = new CpuWindow(benchBase != null);
            PhaseResult phase = workload instanceof TpccWorkload builtin
                    ? builtin.run(server.connection(), outDir, cpu, progress).headline()
                    : workload.run(server.connection(), outDir, cpu).headline();
            return new Figures(workload.driver(), warehouses, terminals, loadSeconds, phase.throughput(), phase.goodput(),
                    cpu.seconds(), phase.latencyMs() == null ? Double.NaN : phase.latencyMs().p95());
        } finally {
            try {
                server.stop();
            } finally {
                Workspace.delete(server.instanceDir());
            }
        }
    }

    /**
     * The JVM's CPU time between phaseStarted and phaseEnded; for BenchBase, the CPU time of child
     * processes that ended in between (its whole JVM, start-up and warm-up included).
     */
    private static final class CpuWindow implements MeasurementListener {
        private final boolean children;
        private long start;
        private long end;

        CpuWindow(boolean children) {
            this.children = children;
        }

        @Override
        public void phaseStarted(String phase) {
            start = children ? ChildCpu.nanos() : cpuNanos();
        }

        @Override
        public void phaseEnded(String phase) {
            end = children ? ChildCpu.nanos() : cpuNanos();
        }

        double seconds() {
            return (end - start) / 1e9;
        }

        private static long cpuNanos() {
            return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                    .getProcessCpuTime();
        }
    }
}
