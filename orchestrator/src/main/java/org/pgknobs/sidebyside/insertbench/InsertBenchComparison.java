package org.pgknobs.sidebyside.insertbench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.pgknobs.sidebyside.BenchSettings;
import org.pgknobs.sidebyside.PairedRatio;
import org.pgknobs.host.CpuAffinity;
import org.pgknobs.host.CpuSplit;
import org.pgknobs.host.LoadAverage;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.ThrowawayServer;
import org.pgknobs.stats.Stats;
import org.pgknobs.workload.WorkloadException;
import org.pgknobs.workload.insertbench.InsertBenchConfig;

/**
 * {@code bench insertbench --against-iibench PATH}: the write steps (l.i0, l.x, l.i1, l.i2) of pgknobs'
 * insert benchmark and of Callaghan's iibench.py, in turn on one embedded server with the same parameters,
 * pair after pair (the order alternates so drift on a shared machine hits both): each pair's rates, the
 * ratios pgknobs / iibench.py, and their medians.
 *
 * @param python      Python 3 with psycopg2, which runs iibench.py
 * @param warmupPairs pairs run first and left out of the medians
 * @param settings    server settings, applied through the overlay engine before anything is loaded
 * @param directory   where both tools' per-pair output goes; null = a new temporary directory
 * @param split       the server's and the clients' CPUs, or null to leave both unpinned
 */
public record InsertBenchComparison(Path python, Path iibench, InsertBenchConfig config, int pairs,
                                    int warmupPairs, Map<String, String> settings, Path directory,
                                    List<String> initdbOptions, CpuSplit split) {

    /** {@code line} gets the settings' verification, then each pair as it ends; the whole result is returned. */
    public Map<String, Object> run(Consumer<Map<String, Object>> line) throws WorkloadException, IOException {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("variant", config.variant().yamlName());
        out.put("iibench", iibench.toAbsolutePath().toString());
        out.put("clients", config.clients());
        out.put("initial_rows", config.initialRows());
        out.put("i1_rows", config.i1Rows());
        out.put("i2_rows", config.i2Rows());
        out.put("settings", settings);
        if (split != null) {
            out.put("server_cpus", split.server().toString());
            out.put("client_cpus", split.client().toString());
        }
        try (ThrowawayServer throwaway = ThrowawayServer.embedded("bench-insertbench", initdbOptions)) {
            ManagedServer server = throwaway.server();
            Map<String, Object> all = new LinkedHashMap<>();
            // statement costs for both tools (the same overhead for both)
            all.put("shared_preload_libraries", "pg_stat_statements");
            all.putAll(settings);
            line.accept(BenchSettings.line(BenchSettings.apply(server, all)));
            // one directory for everything a run leaves (his per-second lines and /usr/bin/time files, our phase
            // files), so nothing is scattered under /tmp and the printed path finds all of it; made only once
            // the settings are known to be good
            Path work = directory != null ? Files.createDirectories(directory) : Files.createTempDirectory("pgknobs-iibench");
            out.put("output", work.toString());
            out.put("loadavg_start", LoadAverage.line());
            if (split != null) {
                // after the last restart: every process the postmaster forks from now on inherits its set
                CpuAffinity.pinTree(server.postmasterPid().orElseThrow(), split.server());
            }
            InsertBenchStatementCosts costs = new InsertBenchStatementCosts(server.connection());
            costs.install();
            List<Map<String, Object>> warmups = new ArrayList<>();
            List<Map<String, Object>> results = new ArrayList<>();
            // pgknobs' client threads run in this JVM and iibench.py's processes are forked from it: both inherit
            try (CpuAffinity.Pinning pin = split == null ? () -> { } : CpuAffinity.pinThisProcess(split.client())) {
                runPairs(server, costs, work, line, warmups, results);
            }
            out.put("warmup_pairs", warmups);
            out.put("pairs", results);
            out.put("median_ratio", medians(results, "ratio"));
            out.put("ratio_interval", intervals(results));
            // the server's work per row: near 1 while the rates differ means the clients' own CPU made the difference
            out.put("median_nonclient_cpu_ratio", medians(results, "nonclient_cpu_ratio"));
        } catch (java.sql.SQLException e) {
            throw new WorkloadException("the side-by-side check failed: " + e.getMessage(), e);
        }
        out.put("loadavg_end", LoadAverage.line());
        return out;
    }

    /** Pairs 1 - warmupPairs .. 0 are the warm-up pairs: printed and kept, not in the medians. */
    private void runPairs(ManagedServer server, InsertBenchStatementCosts costs, Path work, Consumer<Map<String, Object>> line,
                          List<Map<String, Object>> warmups, List<Map<String, Object>> results)
            throws WorkloadException, java.sql.SQLException, IOException {
        for (int pair = 1 - warmupPairs; pair <= pairs; pair++) {
            boolean hisFirst = Math.floorMod(pair, 2) == 0;
            Path pairDir = work.resolve(pair > 0 ? "pair" + pair : "warmup" + (pair + warmupPairs));
            IibenchPhase iib = new IibenchPhase(python, iibench, server.connection(), pairDir.resolve("iibench"),
                    InsertBenchPairRun.HIS_DATABASE);
            InsertBenchPairRun run = new InsertBenchPairRun(config, server.connection(), iib, costs, hisFirst,
                    pairDir.resolve("pgknobs"), split);
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("pair", pair);
            if (pair <= 0) {
                r.put("warmup", true);
            }
            r.put("first", hisFirst ? "iibench" : "pgknobs");
            r.putAll(run.run());
            r.put("loadavg", LoadAverage.line());
            line.accept(r);
            (pair > 0 ? results : warmups).add(r);
        }
    }

    /**
     * Per step, pgknobs ÷ iibench.py over the pairs: the geometric mean of the per-pair rate ratios with its 95 %
     * paired t interval (each pair ran both tools back to back on one server); a pair without the step's rate
     * on either side leaves the step without a ratio, and says so.
     */
    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Object>> intervals(List<Map<String, Object>> results) {
        Map<String, Map<String, Object>> out = new LinkedHashMap<>();
        if (results.isEmpty()) {
            return out;
        }
        for (String step : ((Map<String, Double>) results.get(0).get("iibench")).keySet()) {
            double[] his = new double[results.size()];
            double[] ours = new double[results.size()];
            for (int i = 0; i < results.size(); i++) {
                his[i] = ((Map<String, Double>) results.get(i).get("iibench")).getOrDefault(step, Double.NaN);
                ours[i] = ((Map<String, Double>) results.get(i).get("pgknobs")).getOrDefault(step, Double.NaN);
            }
            out.put(step, PairedRatio.of(his, ours));
        }
        return out;
    }

    /** Per step, the median over the pairs of the figure under {@code key}, to 0.001. */
    @SuppressWarnings("unchecked")
    private static Map<String, Double> medians(List<Map<String, Object>> results, String key) {
        Map<String, List<Double>> all = new LinkedHashMap<>();
        for (Map<String, Object> r : results) {
            ((Map<String, Double>) r.get(key)).forEach((k, v) -> all.computeIfAbsent(k, x -> new ArrayList<>()).add(v));
        }
        Map<String, Double> out = new LinkedHashMap<>();
        all.forEach((k, list) -> out.put(k, Stats.round3(Stats.median(list))));
        return out;
    }
}
