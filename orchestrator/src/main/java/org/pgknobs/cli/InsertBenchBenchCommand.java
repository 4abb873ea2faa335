package org.pgknobs.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.pgknobs.BadInputException;
import org.pgknobs.overlay.AlterSystem;
import org.pgknobs.host.CpuAffinity;
import org.pgknobs.host.CpuSet;
import org.pgknobs.host.CpuSplit;
import org.pgknobs.host.HostCpuTicks;
import org.pgknobs.host.LoadAverage;
import org.pgknobs.server.EmbeddedBinaries;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.RunAs;
import org.pgknobs.server.Workspace;
import org.pgknobs.bench.insertbench.IibenchPhase;
import org.pgknobs.bench.insertbench.InsertBenchPairRun;
import org.pgknobs.bench.insertbench.InsertBenchStatementCosts;
import org.pgknobs.workload.insertbench.InsertBenchConfig;
import org.pgknobs.workload.insertbench.InsertBenchVariant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code pgknobs bench insertbench --against-iibench PATH}: the write steps (l.i0, l.x, l.i1, l.i2) of
 * pgknobs' insert benchmark and of Callaghan's iibench.py, in turn on one embedded server with the same
 * parameters, pair after pair (the order alternates so drift on a shared machine hits both). Prints each
 * pair's rates and the ratios pgknobs / iibench.py, and one JSON object last.
 */
@Command(name = "insertbench", mixinStandardHelpOptions = true,
        description = "Side by side with iibench.py on one embedded server; prints {\"variant\",\"pairs\":[...],"
                + "\"median_ratio\":{\"l.i0\",\"l.i1\",\"l.i2\"},\"median_nonclient_cpu_ratio\":{...},\"loadavg\"} last.")
public final class InsertBenchBenchCommand implements Callable<Integer> {

    @Option(names = "--against-iibench", required = true, paramLabel = "PATH",
            description = "A local iibench.py (mdcallag/mytools bench/ibench); needs Python 3 with psycopg2.")
    Path iibench;

    @Option(names = "--python", defaultValue = "/usr/bin/python3", description = "Python 3 with psycopg2 (default ${DEFAULT-VALUE})")
    Path python;

    @Option(names = "--variant", defaultValue = "current", description = "current or may2023; PATH must be that iibench.py (default ${DEFAULT-VALUE})")
    String variant;

    @Option(names = "--pairs", defaultValue = "2", description = "pgknobs + iibench.py runs (default ${DEFAULT-VALUE}, at least 2)")
    int pairs;

    @Option(names = "--warmup-pairs", defaultValue = "1", description = "pairs run first and left out of the medians "
            + "(default ${DEFAULT-VALUE}): pgknobs' JVM compiles its hot code during the first steps, and a short l.i0 "
            + "is over before it has")
    int warmupPairs;

    @Option(names = "--clients", defaultValue = "1", description = "clients, one table each (default ${DEFAULT-VALUE})")
    int clients;

    @Option(names = "--initial-rows", defaultValue = "500000", description = "rows per table in l.i0 (default ${DEFAULT-VALUE})")
    long initialRows;

    @Option(names = "--i1-rows", defaultValue = "300000", description = "rows per client in l.i1 (default ${DEFAULT-VALUE})")
    long i1Rows;

    @Option(names = "--i2-rows", defaultValue = "30000", description = "rows per client in l.i2, current only (default ${DEFAULT-VALUE})")
    long i2Rows;

    @Option(names = "--set", paramLabel = "NAME=VALUE", description = "server setting (ALTER SYSTEM, then a restart), repeatable")
    Map<String, String> settings = new LinkedHashMap<>();

    @Option(names = {"-d", "--directory"}, paramLabel = "DIR", description = "keep both tools' per-pair output here "
            + "(default: a new directory under the temporary directory, printed as \"output\")")
    Path directory;

    @Option(names = "--initdb-option", description = "initdb option, repeatable, e.g. --initdb-option=--data-checksums")
    List<String> initdbOptions = new ArrayList<>();

    @Option(names = "--server-cpus", paramLabel = "LIST", description = "pin the server's processes to these CPUs "
            + "(taskset list, e.g. 0 or 0-3); needs --client-cpus. On a small host, a client that spends more CPU per "
            + "row otherwise takes it from the server, and the rates compare clients rather than the server's work")
    String serverCpus;

    @Option(names = "--client-cpus", paramLabel = "LIST", description = "pin both tools' clients (this JVM and "
            + "iibench.py's processes) to these CPUs, disjoint from --server-cpus")
    String clientCpus;

    @Override
    public Integer call() throws Exception {
        if (!Files.isRegularFile(iibench)) {
            throw new BadInputException("--against-iibench " + iibench + ": no such file; give the path of a local iibench.py");
        }
        if (pairs < 2) {
            throw new BadInputException("--pairs " + pairs + ": at least 2 pairs, so the median means something");
        }
        OptionUnits.settingNames(settings.keySet(), "--set");
        if (warmupPairs < 0) {
            throw new BadInputException("--warmup-pairs " + warmupPairs + ": give 0 or more");
        }
        InsertBenchVariant v = InsertBenchVariant.parse(variant, "--variant");
        CpuSplit split = cpuSplit();
        InsertBenchConfig config = new InsertBenchConfig(clients, initialRows, i1Rows, v == InsertBenchVariant.CURRENT ? i2Rows : 0,
                1, List.of(), v, 0, null);
        RunAs runAs = RunAs.forCurrentProcess(null);
        ManagedServer server = ManagedServer.create(EmbeddedBinaries.ensure(EmbeddedBinaries.defaultCacheDir(), runAs),
                runAs, Workspace.newInstanceDir(Workspace.defaultWorkDir(), "bench-insertbench"));
        // one directory for everything a run leaves (his per-second lines and /usr/bin/time files, our phase
        // files), so nothing is scattered under /tmp and the printed path finds all of it
        Path work = directory != null ? Files.createDirectories(directory) : Files.createTempDirectory("pgknobs-iibench");
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("variant", v.yamlName());
        out.put("iibench", iibench.toAbsolutePath().toString());
        out.put("clients", clients);
        out.put("initial_rows", initialRows);
        out.put("i1_rows", i1Rows);
        out.put("i2_rows", config.i2Rows());
        out.put("settings", settings);
        if (split != null) {
            out.put("server_cpus", split.server().toString());
            out.put("client_cpus", split.client().toString());
        }
        out.put("output", work.toString());
        out.put("loadavg_start", LoadAverage.line());
        try {
            server.initdb(initdbOptions);
            server.start();
            applySettings(server);
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
                runPairs(server, config, costs, split, work, warmups, results);
            }
            out.put("warmup_pairs", warmups);
            out.put("pairs", results);
            out.put("median_ratio", medians(results, "ratio"));
            // the server's work per row: near 1 while the rates differ means the clients' own CPU made the difference
            out.put("median_nonclient_cpu_ratio", medians(results, "nonclient_cpu_ratio"));
        } finally {
            server.stop();
            Workspace.delete(server.instanceDir());
        }
        out.put("loadavg_end", LoadAverage.line());
        System.out.println(new ObjectMapper().writeValueAsString(out));
        return Main.OK;
    }

    /** Pairs 1 - warmupPairs .. 0 are the warm-up pairs: printed and kept, not in the medians. */
    private void runPairs(ManagedServer server, InsertBenchConfig config, InsertBenchStatementCosts costs, CpuSplit split,
                          Path work, List<Map<String, Object>> warmups, List<Map<String, Object>> results) throws Exception {
        HostCpuTicks hostCpu = HostCpuTicks.detect();
        for (int pair = 1 - warmupPairs; pair <= pairs; pair++) {
            boolean hisFirst = Math.floorMod(pair, 2) == 0;
            Path pairDir = work.resolve(pair > 0 ? "pair" + pair : "warmup" + (pair + warmupPairs));
            IibenchPhase iib = new IibenchPhase(python, iibench, server.connection(), pairDir.resolve("iibench"), InsertBenchPairRun.HIS_DATABASE);
            InsertBenchPairRun run = new InsertBenchPairRun(config, server.connection(), iib, costs, hisFirst,
                    pairDir.resolve("pgknobs"), hostCpu, split);
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("pair", pair);
            if (pair <= 0) {
                r.put("warmup", true);
            }
            r.put("first", hisFirst ? "iibench" : "pgknobs");
            r.putAll(run.run());
            r.put("loadavg", LoadAverage.line());
            System.out.println(new ObjectMapper().writeValueAsString(r));
            (pair > 0 ? results : warmups).add(r);
        }
    }

    /** The --server-cpus / --client-cpus pair, checked against the CPUs online; null when neither is given. */
    private CpuSplit cpuSplit() {
        if (serverCpus == null && clientCpus == null) {
            return null;
        }
        if (serverCpus == null || clientCpus == null) {
            throw new BadInputException("--server-cpus and --client-cpus go together: give both (e.g. --server-cpus 0 "
                    + "--client-cpus 1) or neither");
        }
        CpuSet online = CpuSet.online();
        CpuSplit split;
        try {
            split = new CpuSplit(cpus(serverCpus, "--server-cpus", online), cpus(clientCpus, "--client-cpus", online));
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--server-cpus, --client-cpus: " + e.getMessage() + "; give each side CPUs of its own");
        }
        if (!CpuAffinity.available()) {
            throw new BadInputException("--server-cpus needs taskset (util-linux), which cannot be run here: install it "
                    + "(apt-get install util-linux) or leave out --server-cpus and --client-cpus");
        }
        return split;
    }

    private static CpuSet cpus(String list, String option, CpuSet online) {
        CpuSet set;
        try {
            set = CpuSet.parse(list);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(option + " " + list + ": " + e.getMessage());
        }
        if (!online.containsAll(set)) {
            throw new BadInputException(option + " " + list + ": this host has CPUs " + online + " online; name only those");
        }
        return set;
    }

    private void applySettings(ManagedServer server) throws SQLException {
        try (Connection c = server.connection().connect(); Statement s = c.createStatement()) {
            // statement costs for both tools (the same overhead for both)
            s.execute("alter system set shared_preload_libraries = 'pg_stat_statements'");
            for (Map.Entry<String, String> kv : settings.entrySet()) {
                AlterSystem.set(c, kv.getKey(), kv.getValue());
            }
        }
        server.restart();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Double> medians(List<Map<String, Object>> results, String key) {
        Map<String, List<Double>> all = new LinkedHashMap<>();
        for (Map<String, Object> r : results) {
            ((Map<String, Double>) r.get(key)).forEach((k, v) -> all.computeIfAbsent(k, x -> new ArrayList<>()).add(v));
        }
        Map<String, Double> out = new LinkedHashMap<>();
        all.forEach((k, list) -> {
            List<Double> sorted = list.stream().sorted().toList();
            int n = sorted.size();
            out.put(k, n % 2 == 1 ? sorted.get(n / 2) : Math.round((sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2 * 1000) / 1000.0);
        });
        return out;
    }

}
