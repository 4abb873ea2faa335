package org.pgknobs.sidebyside;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgknobs.benchbase.BenchBaseConfig;
import org.pgknobs.run.capture.CpuWatch;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.ThrowawayServer;
import org.pgknobs.stats.Stats;
import org.pgknobs.workload.ProgressListener;
import org.pgknobs.workload.Workload;
import org.pgknobs.workload.WorkloadException;
import org.pgknobs.workload.benchbase.BenchBaseLauncher;
import org.pgknobs.workload.benchbase.BenchBaseWorkload;
import org.pgknobs.workload.tpcc.TpccWorkload;

/**
 * {@code pgknobs bench tpcc}: a throwaway embedded server, a timed load, one run, one JSON-able figure
 * set. Client CPU is the client's process tree over the run only (not the load): this JVM and, for
 * BenchBase, its JVM, from start-up to exit; the server's processes are left out.
 */
public final class TpccBench {

    public record Figures(String driver, int warehouses, int terminals, double loadSeconds, double tps,
                          double goodput, double clientCpuSeconds, double p95Ms) {
        public Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("driver", driver);
            m.put("warehouses", warehouses);
            m.put("terminals", terminals);
            m.put("load_seconds", Stats.round3(loadSeconds));
            m.put("tps", Stats.round3(tps));
            m.put("goodput", Stats.round3(goodput));
            m.put("client_cpu_seconds", Stats.round3OrNull(clientCpuSeconds));
            m.put("p95_ms", Stats.round3OrNull(p95Ms));
            return m;
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
        try (ThrowawayServer throwaway = ThrowawayServer.embedded("bench", List.of())) {
            ManagedServer server = throwaway.server();
            // The password matters to BenchBase, which logs in with what the XML says.
            BenchBaseConfig config = BenchBaseConfig.tpcc("jdbc:postgresql://127.0.0.1:" + server.port() + "/tpcc",
                    server.connection().user(), server.connection().password(), warehouses, terminals,
                    BenchBaseConfig.WorkRate.UNLIMITED, warmupSeconds, durationSeconds, BenchBaseConfig.TPCC_WEIGHTS, isolation);
            Workload workload = benchBase == null ? new TpccWorkload(config, 0, "tpcc", progressBar, System.nanoTime())
                    : new BenchBaseWorkload(config, benchBase, "tpcc", BenchBaseWorkload.DEFAULT_AGENT_OPTIONS);
            long loadStart = System.nanoTime();
            workload.load(server.connection(), progress);
            double loadSeconds = (System.nanoTime() - loadStart) / 1e9;
            CpuWatch cpu = new CpuWatch(server.postmasterPid().orElse(null));
            PhaseResult phase = workload instanceof TpccWorkload builtin
                    ? builtin.run(server.connection(), outDir, cpu, progress).headline()
                    : workload.run(server.connection(), outDir, cpu).headline();
            double clientCpu = cpu.window(phase.name()).map(CpuWatch.Window::clientSeconds).orElse(Double.NaN);
            return new Figures(workload.driver(), warehouses, terminals, loadSeconds, phase.throughput(), phase.goodput(),
                    clientCpu, phase.latencyMs() == null ? Double.NaN : phase.latencyMs().p95());
        }
    }
}
