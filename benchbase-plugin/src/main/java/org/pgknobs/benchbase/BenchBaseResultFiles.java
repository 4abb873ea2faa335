package org.pgknobs.benchbase;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.pgknobs.json.AtomicFiles;
import org.pgknobs.json.Json;

/**
 * Writes a run of any driver ({@link MeasuredRun}) in BenchBase's result files, names and columns (its ResultWriter), so tools reading
 * BenchBase output read ours: {@code <prefix>.summary.json}, {@code .samples.csv} (1 s buckets),
 * {@code .results.csv} and {@code .results.<Transaction>.csv} (5 s buckets), {@code .raw.csv},
 * {@code .params.json}, {@code .config.xml}.
 * Buckets start at the window's start, so a quiet second shows as a row with 0 requests.
 */
public final class BenchBaseResultFiles {

    public static final List<String> SUMMARY_KEYS = List.of("Benchmark Type", "Current Timestamp (milliseconds)",
            "DBMS Type", "DBMS Version", "Goodput (requests/second)", "Latency Distribution",
            "Throughput (requests/second)", "isolation", "scalefactor", "terminals");
    static final double[] PERCENTILES = {0.0, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 1.0};
    private static final int RESULTS_WINDOW_SECONDS = 5;

    /** Writes all files; {@code db} is asked for the server version and settings. Returns the summary path. */
    public Path write(Path dir, String prefix, MeasuredRun run, BenchBaseConfig config, Connection db)
            throws IOException, SQLException {
        Files.createDirectories(dir);
        Map<String, String> settings = new TreeMap<>();
        try (Statement s = db.createStatement(); ResultSet rs = s.executeQuery("SELECT name, setting FROM pg_settings")) {
            while (rs.next()) {
                settings.put(rs.getString(1), rs.getString(2));
            }
        }
        Json.write(dir.resolve(prefix + ".params.json"), settings);
        BenchBaseXml.write(config.redacted(), dir.resolve(prefix + ".config.xml"));
        writeRaw(dir.resolve(prefix + ".raw.csv"), run);
        writeSamples(dir.resolve(prefix + ".samples.csv"), run, 1);
        writeResults(dir.resolve(prefix + ".results.csv"), run, RESULTS_WINDOW_SECONDS, null);
        for (String t : run.transactionNames()) {
            writeResults(dir.resolve(prefix + ".results." + t + ".csv"), run, RESULTS_WINDOW_SECONDS, t);
        }
        Path summary = dir.resolve(prefix + ".summary.json");
        Json.write(summary, summary(run, config, settings.getOrDefault("server_version", "")));
        return summary;
    }

    static Map<String, Object> summary(MeasuredRun run, BenchBaseConfig config, String version) {
        Map<String, Object> m = new TreeMap<>();
        m.put("Current Timestamp (milliseconds)", System.currentTimeMillis());
        m.put("DBMS Type", "POSTGRES");
        m.put("DBMS Version", version);
        m.put("Benchmark Type", "tpcc");
        m.put("Latency Distribution", distribution(latencies(run.transactions())).toMap());
        m.put("Throughput (requests/second)", run.throughput());
        m.put("Goodput (requests/second)", run.goodput());
        m.put("isolation", config.isolation());
        m.put("scalefactor", BenchBaseXml.number(config.scaleFactor()));
        m.put("terminals", Integer.toString(config.terminals()));
        return m;
    }

    private static void writeRaw(Path file, MeasuredRun run) {
        AtomicFiles.write(file, out -> {
            out.write("Transaction Type Index,Transaction Name,Start Time (microseconds),Latency (microseconds),"
                    + "Worker Id (start number),Phase Id (index in config file)\n");
            StringBuilder row = new StringBuilder(96);
            for (MeasuredRun.Transaction s : run.transactions()) {
                row.setLength(0);
                row.append(s.typeIndex()).append(',').append(s.typeName()).append(',')
                        .append(String.format(Locale.ROOT, "%10.6f", s.startEpochSeconds())).append(',')
                        .append(s.latencyMicros()).append(',').append(s.worker()).append(",1\n");
                out.append(row);
            }
        });
    }

    private static void writeSamples(Path file, MeasuredRun run, int window) {
        AtomicFiles.write(file, out -> {
            out.write("Time (seconds),Requests,Throughput (requests/second),Minimum Latency (microseconds),"
                    + "25th Percentile Latency (microseconds),Median Latency (microseconds),"
                    + "Average Latency (microseconds),75th Percentile Latency (microseconds),"
                    + "90th Percentile Latency (microseconds),95th Percentile Latency (microseconds),"
                    + "99th Percentile Latency (microseconds),Maximum Latency (microseconds)\n");
            List<int[]> buckets = buckets(run, window, null);
            for (int i = 0; i < buckets.size(); i++) {
                Distribution d = distribution(buckets.get(i));
                out.write(String.format(Locale.ROOT, "%d,%d,%.3f,%d,%d,%d,%d,%d,%d,%d,%d,%d%n", i * window, d.count,
                        (double) d.count / window, (int) d.p[0], (int) d.p[1], (int) d.p[2], (int) d.average,
                        (int) d.p[3], (int) d.p[4], (int) d.p[5], (int) d.p[6], (int) d.p[7]));
            }
        });
    }

    /** {@code type} null: all types (BenchBase's .results.csv); otherwise its .results.&lt;Name&gt;.csv. */
    private static void writeResults(Path file, MeasuredRun run, int window, String type) {
        AtomicFiles.write(file, out -> {
            out.write("Time (seconds),Throughput (requests/second),Average Latency (millisecond),"
                    + "Minimum Latency (millisecond),25th Percentile Latency (millisecond),"
                    + "Median Latency (millisecond),75th Percentile Latency (millisecond),"
                    + "90th Percentile Latency (millisecond),95th Percentile Latency (millisecond),"
                    + "99th Percentile Latency (millisecond),Maximum Latency (millisecond),tp (req/s) scaled\n");
            List<int[]> buckets = buckets(run, window, type);
            for (int i = 0; i < buckets.size(); i++) {
                Distribution d = distribution(buckets.get(i));
                out.write(String.format(Locale.ROOT, "%d,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f%n",
                        i * window, (double) d.count / window, d.average / 1e3, d.p[0] / 1e3, d.p[1] / 1e3,
                        d.p[2] / 1e3, d.p[3] / 1e3, d.p[4] / 1e3, d.p[5] / 1e3, d.p[6] / 1e3, d.p[7] / 1e3,
                        1e3 / d.average));
            }
        });
    }

    /** Latencies per bucket of {@code window} seconds from the window start, by request start time. */
    private static List<int[]> buckets(MeasuredRun run, int window, String type) {
        int n = (int) Math.ceil(run.windowSeconds() / window);
        List<List<MeasuredRun.Transaction>> lists = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            lists.add(new ArrayList<>());
        }
        long bucketNanos = window * 1_000_000_000L;
        for (MeasuredRun.Transaction s : run.transactions()) {
            if (type != null && !type.equals(s.typeName())) {
                continue;
            }
            int b = (int) Math.min(n - 1, (s.startNanos() - run.windowStartNanos()) / bucketNanos);
            lists.get(Math.max(0, b)).add(s);
        }
        return lists.stream().map(BenchBaseResultFiles::latencies).toList();
    }

    private static int[] latencies(List<? extends MeasuredRun.Transaction> samples) {
        return samples.stream().mapToInt(MeasuredRun.Transaction::latencyMicros).toArray();
    }

    /** BenchBase's DistributionStatistics: percentile i is sorted[(int) (p * n)]; -1 everywhere when empty. */
    static Distribution distribution(int[] micros) {
        int[] sorted = micros.clone();
        Arrays.sort(sorted);
        double[] p = new double[PERCENTILES.length];
        if (sorted.length == 0) {
            Arrays.fill(p, -1);
            return new Distribution(0, p, -1);
        }
        for (int i = 0; i < p.length; i++) {
            p[i] = sorted[Math.min(sorted.length - 1, (int) (PERCENTILES[i] * sorted.length))];
        }
        double avg = Arrays.stream(sorted).asLongStream().average().orElse(-1);
        return new Distribution(sorted.length, p, avg);
    }

    record Distribution(int count, double[] p, double average) {
        Map<String, Integer> toMap() {
            Map<String, Integer> m = new LinkedHashMap<>();
            m.put("Minimum Latency (microseconds)", (int) p[0]);
            m.put("25th Percentile Latency (microseconds)", (int) p[1]);
            m.put("Median Latency (microseconds)", (int) p[2]);
            m.put("Average Latency (microseconds)", (int) average);
            m.put("75th Percentile Latency (microseconds)", (int) p[3]);
            m.put("90th Percentile Latency (microseconds)", (int) p[4]);
            m.put("95th Percentile Latency (microseconds)", (int) p[5]);
            m.put("99th Percentile Latency (microseconds)", (int) p[6]);
            m.put("Maximum Latency (microseconds)", (int) p[7]);
            return m;
        }
    }

}
