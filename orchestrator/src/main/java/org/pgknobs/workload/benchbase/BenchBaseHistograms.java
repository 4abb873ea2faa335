package org.pgknobs.workload.benchbase;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The per-transaction-type histograms BenchBase prints at the end of a run ("Completed Transactions:",
 * "Aborted Transactions:", "Rejected Transactions (Server Retry):", ...). They are the only place that
 * tells successes from serialization-failure retries: raw.csv has a row for every attempt and no status.
 * The counts cover warm-up and measured time together.
 */
public final class BenchBaseHistograms {

    private static final Pattern SECTION = Pattern.compile("^([A-Z][A-Za-z ()]+):\\s*$");
    private static final Pattern ROW = Pattern.compile("^\\S*?([A-Za-z]+)/\\d+\\s+\\[\\s*(\\d+)\\]");
    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;]*m");

    private BenchBaseHistograms() {
    }

    /** Section name (e.g. "Completed Transactions") → transaction type → count; empty when none was printed. */
    public static Map<String, Map<String, Long>> read(Path log) throws IOException {
        return parse(Files.readAllLines(log));
    }

    static Map<String, Map<String, Long>> parse(List<String> lines) {
        Map<String, Map<String, Long>> out = new LinkedHashMap<>();
        Map<String, Long> current = null;
        for (String raw : lines) {
            String line = ANSI.matcher(raw).replaceAll("").strip();
            Matcher s = SECTION.matcher(line);
            if (s.matches() && line.contains("Transactions")) {
                current = new LinkedHashMap<>();
                out.put(s.group(1).strip(), current);
                continue;
            }
            Matcher r = ROW.matcher(line);
            if (current != null && r.find()) {
                current.merge(r.group(1), Long.parseLong(r.group(2)), Long::sum);
            }
        }
        return out;
    }

    public static long total(Map<String, Map<String, Long>> histograms, String section) {
        return histograms.getOrDefault(section, Map.of()).values().stream().mapToLong(Long::longValue).sum();
    }
}
