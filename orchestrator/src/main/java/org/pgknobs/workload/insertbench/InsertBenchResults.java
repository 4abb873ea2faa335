package org.pgknobs.workload.insertbench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgknobs.json.AtomicFiles;
import org.pgknobs.json.Json;
import org.pgknobs.results.PhaseResult;

/**
 * Writes a run's files: {@value #PHASES_JSON} (the data), {@value #SAMPLES_CSV} (per-second series) and
 * {@value #SUMMARY_TXT} (one line per phase, a rendering of the JSON).
 */
final class InsertBenchResults {

    static final String PHASES_JSON = "insertbench.phases.json";
    static final String SAMPLES_CSV = "insertbench.samples.csv";
    static final String SUMMARY_TXT = "insertbench.summary.txt";

    private InsertBenchResults() {
    }

    static void write(Path outDir, InsertBenchConfig config, List<PhaseResult> phases,
                      List<PhaseRecorder.Sample> samples) throws IOException {
        Files.createDirectories(outDir);
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("kind", InsertBenchWorkload.KIND);
        doc.put("driver", InsertBenchWorkload.DRIVER);
        doc.put("database", InsertBenchWorkload.DATABASE);
        doc.put("config", config);
        doc.put("responseTimeBuckets", ResponseTimeBuckets.LABELS);
        doc.put("phases", phases);
        Json.write(outDir.resolve(PHASES_JSON), doc);

        AtomicFiles.write(outDir.resolve(SAMPLES_CSV), w -> {
            w.write("phase,second,ops,max_ms\n");
            for (PhaseRecorder.Sample s : samples) {
                w.write(String.format(Locale.ROOT, "%s,%d,%d,%.3f%n", s.phase(), s.second(), s.ops(), s.maxMs()));
            }
        });
        AtomicFiles.writeText(outDir.resolve(SUMMARY_TXT), summary(phases));
    }

    /** His report style: a rate, the max response time, then the response-time histogram in percent. */
    static String summary(List<PhaseResult> phases) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%-11s %12s %10s %10s %10s %10s %10s %8s %8s %9s",
                "phase", "ops/s", "secs", "max_ms", "p50/s", "p99/s", "cpu_us/op", "r/op", "wKB/op", "db_MB"));
        for (String label : ResponseTimeBuckets.LABELS) {
            out.append(String.format(Locale.ROOT, " %6s", label));
        }
        out.append("  target\n");
        for (PhaseResult p : phases) {
            Map<String, Object> d = p.details();
            out.append(String.format(Locale.ROOT, "%-11s %12.1f %10.1f %10.3f %10s %10s %10s %8s %8s %9.1f",
                    p.name(), p.throughput(), p.seconds(), (Double) d.get("maxResponseMs"),
                    orDash(d.get("perSecondP50"), "%.0f"), orDash(d.get("perSecondP99"), "%.0f"),
                    orDash(d.get("cpuMicrosPerOp"), "%.0f"), orDash(d.get("readsPerOp"), "%.3f"),
                    orDash(d.get("writeKbPerOp"), "%.3f"),
                    ((Number) d.get("databaseBytes")).longValue() / 1048576.0));
            @SuppressWarnings("unchecked")
            Map<String, Double> pct = (Map<String, Double>) d.get("responseTimePct");
            for (String label : ResponseTimeBuckets.LABELS) {
                out.append(String.format(Locale.ROOT, " %6.2f", pct.get(label)));
            }
            if (d.containsKey("targetRateMet")) {
                out.append(String.format(Locale.ROOT, "  %s %.1f/%d rows/s per client",
                        Boolean.TRUE.equals(d.get("targetRateMet")) ? "met" : "MISSED",
                        (Double) d.get("achievedInsertRowsPerSecondPerClient"),
                        (Integer) d.get("targetInsertRowsPerSecondPerClient")));
            }
            out.append('\n');
        }
        return out.toString();
    }

    /** "-" where a figure is missing (his NA: too few seconds, no /proc, no block device). */
    private static String orDash(Object value, String format) {
        return value == null ? "-" : String.format(Locale.ROOT, format, ((Number) value).doubleValue());
    }
}
