package org.pgknobs.workload.benchbase;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.pgknobs.benchbase.BenchBaseSummary;
import org.pgknobs.benchbase.LatencyDistribution;
import org.pgknobs.benchbase.MeasuredGoodput;
import org.pgknobs.benchbase.ResultPrefix;
import org.pgknobs.benchbase.SummaryReader;
import org.pgknobs.collector.StatementsFiles;
import org.pgknobs.json.AtomicFiles;
import org.pgknobs.results.PhaseResult;

/**
 * BenchBase's result files of one run, renamed to the names the built-in driver writes
 * ({@code tpcc_2026-11-30_10-00-00.summary.json} → {@code tpcc.summary.json}; the agent's
 * {@code ….pgstats.json} → {@code pgstats.json}, {@code ….statements.json} → {@code statements.json}), so reports read both drivers alike, and turned into a
 * {@link PhaseResult}.
 */
final class BenchBaseResults {

    private static final Pattern PASSWORD = Pattern.compile("(?s)\\s*<password>.*?</password>");

    private BenchBaseResults() {
    }

    /**
     * Renames every {@code <prefix>.<kind>} in {@code dir} to {@code <newPrefix>.<kind>}, except the
     * agent's {@code pgstats.*} and {@code statements.json}, which lose the prefix. BenchBase's own copy of the configuration loses
     * any password. Returns old name → new name.
     */
    static Map<String, String> rename(Path dir, String prefix, String newPrefix) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().startsWith(prefix + ".")).sorted().toList();
        }
        Map<String, String> renamed = new LinkedHashMap<>();
        for (Path f : files) {
            String kind = f.getFileName().toString().substring(prefix.length() + 1);
            String name = kind.startsWith("pgstats.") || kind.equals(StatementsFiles.NAME) ? kind : newPrefix + "." + kind;
            Files.move(f, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
            renamed.put(f.getFileName().toString(), name);
        }
        Path config = dir.resolve(newPrefix + ".config.xml");
        if (Files.isRegularFile(config)) {
            String xml = Files.readString(config);
            String clean = PASSWORD.matcher(xml).replaceAll("");
            if (!clean.equals(xml)) {
                AtomicFiles.writeText(config, clean);
            }
        }
        return renamed;
    }

    /**
     * The phase as BenchBase measured it, with its per-type outcome counts from the log (the only place
     * that separates successes from retried attempts).
     */
    static PhaseResult phase(Path dir, String prefix, int measuredSeconds, Map<String, Object> extraDetails) {
        BenchBaseSummary summary = SummaryReader.read(dir.resolve(prefix + ResultPrefix.SUMMARY));
        Path raw = dir.resolve(prefix + ".raw.csv");
        Map<String, Object> details = new LinkedHashMap<>();
        double throughput = summary.throughput() == null ? 0 : summary.throughput();
        double goodput;
        long completed;
        // BenchBase's throughput divides by its own elapsed measured time (a little over <time>); the
        // recomputed goodput uses the same length, so the two are comparable.
        double seconds = summary.elapsedNanos() != null && summary.elapsedNanos() > 0 ? summary.elapsedNanos() / 1e9
                : measuredSeconds;
        // raw.csv has a row for every attempt, serialization-failure retries included, and no status, so
        // it cannot give goodput; BenchBase's own goodput (successes, warm-up included, per measured
        // second: its issue #606) is the best figure available, reported as such.
        goodput = summary.goodput() == null ? 0 : summary.goodput();
        completed = summary.measuredRequests() != null ? summary.measuredRequests()
                : Files.isRegularFile(raw) ? MeasuredGoodput.overMeasuredTime(raw, seconds).transactions()
                : Math.round(throughput * measuredSeconds);
        details.put("goodput_source", "BenchBase's summary.json: successful transactions of warm-up and measured time "
                + "divided by the measured time (its issue #606); BenchBase's throughput counts every attempt, "
                + "serialization-failure retries included, so under SERIALIZABLE it can be far above the success rate "
                + "(see transactions_by_outcome)");
        Path log = dir.resolve(BenchBaseWorkload.LOG);
        if (Files.isRegularFile(log)) {
            try {
                Map<String, Map<String, Long>> histograms = BenchBaseHistograms.read(log);
                if (!histograms.isEmpty()) {
                    details.put("transactions_by_outcome", histograms);
                }
            } catch (IOException e) {
                details.put("transactions_by_outcome", "unreadable: " + e.getMessage());
            }
        }
        details.put("benchbase_goodput", summary.goodput());
        details.put("benchbase_throughput", summary.throughput());
        details.put("measured_requests", summary.measuredRequests());
        details.put("final_state", summary.finalState());
        details.put("dbms_version", summary.dbmsVersion());
        details.putAll(extraDetails);
        return new PhaseResult("tpcc", throughput, goodput, completed, 0, seconds, latency(summary.latency()), details);
    }

    /** BenchBase's -1 ("no samples") arrives as null: no latency rather than a latency of -1. */
    private static PhaseResult.Latency latency(LatencyDistribution d) {
        if (d == null || d.isEmpty() || d.medianUs() == null || d.p95Us() == null || d.p99Us() == null
                || d.maximumUs() == null) {
            return null;
        }
        return new PhaseResult.Latency(ms(d.medianUs()), ms(d.p95Us()), ms(d.p99Us()), ms(d.maximumUs()));
    }

    private static double ms(Long us) {
        return us / 1000.0;
    }

    static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return new ArrayList<>(s.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }
}
