package org.pgknobs.benchbase;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.pgknobs.json.Json;

/** Reads BenchBase's summary.json with the keys its ResultWriter writes. */
public final class SummaryReader {

    static final String START = "Start timestamp (milliseconds)";
    static final String NOW = "Current Timestamp (milliseconds)";
    static final String ELAPSED = "Elapsed Time (nanoseconds)";
    static final String DBMS_TYPE = "DBMS Type";
    static final String DBMS_VERSION = "DBMS Version";
    static final String BENCHMARK = "Benchmark Type";
    static final String FINAL_STATE = "Final State";
    static final String MEASURED = "Measured Requests";
    static final String LATENCY = "Latency Distribution";
    static final String THROUGHPUT = "Throughput (requests/second)";
    static final String GOODPUT = "Goodput (requests/second)";
    private static final Set<String> KNOWN = Set.of(START, NOW, ELAPSED, DBMS_TYPE, DBMS_VERSION, BENCHMARK,
            FINAL_STATE, MEASURED, LATENCY, THROUGHPUT, GOODPUT, "isolation", "scalefactor", "terminals");

    private SummaryReader() {
    }

    public static BenchBaseSummary read(Path file) {
        JsonNode root;
        try {
            root = Json.readTree(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read BenchBase summary " + file + ": " + e.getMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException(file + " is not a BenchBase summary.json (no JSON object)");
        }
        JsonNode lat = root.path(LATENCY);
        LatencyDistribution latency = lat.isObject() ? new LatencyDistribution(
                us(lat, "Minimum Latency (microseconds)"), us(lat, "25th Percentile Latency (microseconds)"),
                us(lat, "Median Latency (microseconds)"), us(lat, "Average Latency (microseconds)"),
                us(lat, "75th Percentile Latency (microseconds)"), us(lat, "90th Percentile Latency (microseconds)"),
                us(lat, "95th Percentile Latency (microseconds)"), us(lat, "99th Percentile Latency (microseconds)"),
                us(lat, "Maximum Latency (microseconds)")) : LatencyDistribution.EMPTY;
        Map<String, Object> other = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : root.properties()) {
            if (!KNOWN.contains(e.getKey())) {
                other.put(e.getKey(), e.getValue().isValueNode() ? e.getValue().asText() : e.getValue().toString());
            }
        }
        return new BenchBaseSummary(longOrNull(root, START), longOrNull(root, NOW), longOrNull(root, ELAPSED),
                text(root, DBMS_TYPE), text(root, DBMS_VERSION), text(root, BENCHMARK), text(root, FINAL_STATE),
                longOrNull(root, MEASURED), text(root, "isolation"), text(root, "scalefactor"), text(root, "terminals"),
                latency, doubleOrNull(root, THROUGHPUT), doubleOrNull(root, GOODPUT), other);
    }

    private static Long us(JsonNode lat, String key) {
        JsonNode n = lat.get(key);
        return n == null || !n.isNumber() ? null : LatencyDistribution.value(n.numberValue());
    }

    private static Long longOrNull(JsonNode root, String key) {
        JsonNode n = root.get(key);
        return n == null || !n.isNumber() ? null : n.longValue();
    }

    private static Double doubleOrNull(JsonNode root, String key) {
        JsonNode n = root.get(key);
        return n == null || !n.isNumber() ? null : n.doubleValue();
    }

    private static String text(JsonNode root, String key) {
        JsonNode n = root.get(key);
        return n == null || n.isNull() ? null : n.asText();
    }
}
