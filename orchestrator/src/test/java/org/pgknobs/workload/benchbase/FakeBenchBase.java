package org.pgknobs.workload.benchbase;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.pgknobs.agent.AgentOptions;
import org.pgknobs.benchbase.BenchBaseConfig;
import org.pgknobs.benchbase.BenchBaseXml;

/**
 * A stand-in for BenchBase's command line, packaged by the tests into a temporary benchbase.jar:
 * needs config/plugin.xml in its working directory, reads -c (BenchBase's XML) and -d, honours
 * --create/--load/--execute=true, runs tiny transactions against the configured server and writes
 * {@code tpcc_<time>.*} files in BenchBase's formats, then calls System.exit as BenchBase does.
 * Its summary goodput counts warm-up transactions too, as BenchBase's does (BenchBase issue #606).
 * {@code <fakeExitCode>} in the XML makes it fail with that code.
 */
public final class FakeBenchBase {

    private FakeBenchBase() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opts = parse(args);
        System.out.println("fake benchbase: " + String.join(" ", args));
        if (!Files.isRegularFile(Path.of("config", "plugin.xml"))) {
            System.out.println("config/plugin.xml is missing in " + Path.of("").toAbsolutePath());
            System.exit(1);
        }
        BenchBaseConfig cfg = BenchBaseXml.read(Path.of(opts.get("c")));
        int exit = Integer.parseInt(cfg.parameter("fakeExitCode", "0"));
        if (exit != 0) {
            System.out.println("failing on purpose with " + exit);
            System.exit(exit);
        }
        Properties props = new Properties();
        props.setProperty("user", cfg.username());
        if (cfg.password() != null) {
            props.setProperty("password", cfg.password());
        }
        try (Connection c = DriverManager.getConnection(cfg.url(), props); Statement s = c.createStatement()) {
            if ("true".equals(opts.get("create"))) {
                s.execute("CREATE TABLE fake_tpcc (w int PRIMARY KEY, n bigint NOT NULL)");
            }
            if ("true".equals(opts.get("load"))) {
                s.execute("INSERT INTO fake_tpcc SELECT g, 0 FROM generate_series(1, " + cfg.warehouses() + ") g");
            }
            if ("true".equals(opts.get("execute"))) {
                FakeBenchBaseExecution.begin();
                // the same signal under BenchBase's own class name, for the agent's default start-class
                Class.forName(AgentOptions.DEFAULT_START_CLASS);
                execute(c, cfg, Path.of(opts.getOrDefault("d", "results")), Files.readString(Path.of(opts.get("c"))));
            }
        }
        System.exit(0);
    }

    private static void execute(Connection c, BenchBaseConfig cfg, Path dir, String configXml) throws Exception {
        BenchBaseConfig.Work work = cfg.works().get(0);
        long startMs = System.currentTimeMillis();
        long measureFromMs = startMs + work.warmup() * 1000L;
        long endMs = measureFromMs + work.time() * 1000L;
        List<double[]> measured = new ArrayList<>();
        long all = 0;
        try (PreparedStatement st = c.prepareStatement("UPDATE fake_tpcc SET n = n + 1 WHERE w = 1")) {
            long now;
            // BenchBase runs for <time>; the fake also keeps going until it has one measured transaction, so a
            // stalled machine cannot leave a test with an empty window
            while ((now = System.currentTimeMillis()) < endMs || measured.isEmpty()) {
                long t0 = System.nanoTime();
                st.executeUpdate();
                long us = (System.nanoTime() - t0) / 1000;
                all++;
                if (now >= measureFromMs) {
                    measured.add(new double[] {now / 1000.0, us});
                }
                Thread.sleep(20);
            }
        }
        Files.createDirectories(dir);
        String prefix = "tpcc_" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd_HH-mm-ss"));
        try (BufferedWriter raw = Files.newBufferedWriter(dir.resolve(prefix + ".raw.csv"))) {
            raw.write("Transaction Type Index,Transaction Name,Start Time (microseconds),Latency (microseconds),"
                    + "Worker Id (start number),Phase Id (index in config file)\n");
            for (double[] m : measured) {
                raw.write(String.format(Locale.ROOT, "2,Payment,%.6f,%d,0,1%n", m[0], (long) m[1]));
            }
        }
        long[] lat = measured.stream().mapToLong(m -> (long) m[1]).sorted().toArray();
        try (BufferedWriter samples = Files.newBufferedWriter(dir.resolve(prefix + ".samples.csv"))) {
            samples.write("Time (seconds),Requests,Throughput (requests/second),Minimum Latency (microseconds),"
                    + "25th Percentile Latency (microseconds),Median Latency (microseconds),"
                    + "Average Latency (microseconds),75th Percentile Latency (microseconds),"
                    + "90th Percentile Latency (microseconds),95th Percentile Latency (microseconds),"
                    + "99th Percentile Latency (microseconds),Maximum Latency (microseconds)\n");
            samples.write(String.format(Locale.ROOT, "0,%d,%.3f,%d,%d,%d,%d,%d,%d,%d,%d,%d%n", lat.length,
                    lat.length / (double) work.time(), p(lat, 0), p(lat, .25), p(lat, .5), p(lat, .5), p(lat, .75),
                    p(lat, .9), p(lat, .95), p(lat, .99), p(lat, 1)));
        }
        Map<String, Object> latency = new LinkedHashMap<>();
        latency.put("Minimum Latency (microseconds)", p(lat, 0));
        latency.put("25th Percentile Latency (microseconds)", p(lat, .25));
        latency.put("Median Latency (microseconds)", p(lat, .5));
        latency.put("Average Latency (microseconds)", p(lat, .5));
        latency.put("75th Percentile Latency (microseconds)", p(lat, .75));
        latency.put("90th Percentile Latency (microseconds)", p(lat, .9));
        latency.put("95th Percentile Latency (microseconds)", p(lat, .95));
        latency.put("99th Percentile Latency (microseconds)", p(lat, .99));
        latency.put("Maximum Latency (microseconds)", p(lat, 1));
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("Start timestamp (milliseconds)", startMs);
        summary.put("Current Timestamp (milliseconds)", System.currentTimeMillis());
        summary.put("DBMS Type", "POSTGRES");
        summary.put("DBMS Version", "fake");
        summary.put("Benchmark Type", "tpcc");
        summary.put("Final State", "DONE");
        summary.put("Measured Requests", measured.size());
        summary.put("Latency Distribution", latency);
        summary.put("Throughput (requests/second)", measured.size() / (double) work.time());
        summary.put("Goodput (requests/second)", all / (double) work.time());
        summary.put("isolation", cfg.isolation());
        summary.put("scalefactor", BenchBaseXml.number(cfg.scaleFactor()));
        summary.put("terminals", Integer.toString(cfg.terminals()));
        Files.writeString(dir.resolve(prefix + ".params.json"), "{}\n");
        // Kept verbatim, password and all, so the driver's own redaction is what the tests check.
        Files.writeString(dir.resolve(prefix + ".config.xml"), configXml);
        new ObjectMapper().writeValue(dir.resolve(prefix + ".summary.json").toFile(), summary);
        // BenchBase's closing histograms, in its format: what tells successes from retried attempts.
        System.out.println("Completed Transactions:");
        System.out.printf("com.oltpbenchmark.benchmarks.tpcc.procedures.NewOrder/01     [%4d] ****%n", all);
        System.out.println();
        System.out.println("Rejected Transactions (Server Retry):");
        System.out.println("com.oltpbenchmark.benchmarks.tpcc.procedures.NewOrder/01     [   7] *");
        System.out.println("com.oltpbenchmark.benchmarks.tpcc.procedures.Payment/02      [   3] *");
        System.out.println();
    }

    /** BenchBase's percentile: sorted[(int) (p * n)]; -1 when there are no samples. */
    private static long p(long[] sorted, double p) {
        return sorted.length == 0 ? -1 : sorted[Math.min(sorted.length - 1, (int) (p * sorted.length))];
    }

    /** -c FILE, -d DIR, -b NAME and --flag=value / --flag value. */
    private static Map<String, String> parse(String[] args) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String key = a.replaceFirst("^--?", "");
            int eq = key.indexOf('=');
            if (eq >= 0) {
                m.put(key.substring(0, eq), key.substring(eq + 1));
            } else if (i + 1 < args.length) {
                m.put(key, args[++i]);
            }
        }
        return m;
    }
}
