package org.pgknobs.workload.insertbench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.pgknobs.workload.PhaseResult;

/**
 * Collects one phase's measurements from all client threads: each timed request with the operations it
 * completed (rows for inserts and index builds, 1 for a query), per-second counts, background insert and
 * delete rows, host CPU. Turns them into a {@link PhaseResult} and per-second samples.
 */
final class PhaseRecorder {

    /** One second of a phase: operations that completed in it and the slowest request that ended in it. */
    record Sample(String phase, int second, long ops, double maxMs) {
    }

    private final String name;
    private final HostCpu cpu;
    private final long startNanos;
    private final long cpuStartMicros;
    private final ResponseTimeBuckets buckets = new ResponseTimeBuckets();
    private final Histogram micros = new Histogram(3_600_000_000L, 3);
    private final TreeMap<Integer, long[]> perSecond = new TreeMap<>();
    /** Requests that are not the phase's operations: "insert" (background writes of a query phase), "delete". */
    private final Map<String, ResponseTimeBuckets> side = new TreeMap<>();
    private final Map<String, Long> sideMaxNanos = new TreeMap<>();
    private final AtomicLong rowsInserted = new AtomicLong();
    private final AtomicLong rowsDeleted = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private long ops;
    private long requests;
    private long maxNanos;

    PhaseRecorder(String name, HostCpu cpu) {
        this.name = name;
        this.cpu = cpu;
        this.cpuStartMicros = cpu.busyMicros();
        this.startNanos = System.nanoTime();
    }

    String name() {
        return name;
    }

    long startNanos() {
        return startNanos;
    }

    /** A request of this phase's main kind ran from {@code begin} to {@code end} (System.nanoTime) and did {@code n} operations. */
    synchronized void request(long begin, long end, long n) {
        long nanos = end - begin;
        ops += n;
        requests++;
        maxNanos = Math.max(maxNanos, nanos);
        buckets.add(nanos);
        micros.recordValue(Math.min(micros.getHighestTrackableValue(), Math.max(0, nanos / 1000)));
        int second = (int) ((end - startNanos) / 1_000_000_000L);
        long[] s = perSecond.computeIfAbsent(second, k -> new long[2]);
        s[0] += n;
        s[1] = Math.max(s[1], nanos);
    }

    synchronized long requests() {
        return requests;
    }

    /** A background request of {@code kind} (not counted as an operation) took {@code nanos}. */
    synchronized void sideRequest(String kind, long nanos) {
        side.computeIfAbsent(kind, k -> new ResponseTimeBuckets()).add(nanos);
        sideMaxNanos.merge(kind, nanos, Math::max);
    }

    void inserted(long rows) {
        rowsInserted.addAndGet(rows);
    }

    void deleted(long rows) {
        rowsDeleted.addAndGet(rows);
    }

    void failed() {
        failed.incrementAndGet();
    }

    long rowsInserted() {
        return rowsInserted.get();
    }

    long rowsDeleted() {
        return rowsDeleted.get();
    }

    /** Closes the window now. {@code extra} details (target rates, shapes ...) are added after the common ones. */
    synchronized Finished finish(long databaseBytes, Map<String, Object> extra) {
        long endNanos = System.nanoTime();
        long cpuEndMicros = cpu.busyMicros();
        double seconds = (endNanos - startNanos) / 1e9;
        List<Sample> samples = samples(seconds);
        double[] rates = samples.stream().filter(s -> s.second() < (int) seconds)
                .mapToDouble(Sample::ops).sorted().toArray();
        if (rates.length == 0) {
            rates = new double[] {seconds > 0 ? ops / seconds : 0};
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("requests", requests);
        details.put("maxResponseMs", maxNanos / 1e6);
        details.put("responseTimePct", buckets.percentages());
        details.put("responseTimeCounts", buckets.counts());
        details.put("perSecondP50", percentile(rates, 50));
        details.put("perSecondP99", percentile(rates, 99));
        details.put("rowsInserted", rowsInserted.get());
        details.put("rowsDeleted", rowsDeleted.get());
        details.put("cpuMicrosPerOp", cpuStartMicros < 0 || cpuEndMicros < 0 || ops == 0
                ? null : (double) (cpuEndMicros - cpuStartMicros) / ops);
        details.put("databaseBytes", databaseBytes);
        for (Map.Entry<String, ResponseTimeBuckets> e : side.entrySet()) {
            details.put(e.getKey() + "Requests", e.getValue().total());
            details.put(e.getKey() + "MaxResponseMs", sideMaxNanos.get(e.getKey()) / 1e6);
            details.put(e.getKey() + "ResponseTimePct", e.getValue().percentages());
        }
        details.putAll(extra);
        PhaseResult.Latency latency = requests == 0 ? null : new PhaseResult.Latency(
                percentileMs(50), percentileMs(95), percentileMs(99), maxNanos / 1e6);
        double throughput = seconds > 0 ? ops / seconds : 0;
        // Only successful requests add operations, so goodput and throughput coincide here.
        return new Finished(new PhaseResult(name, throughput, throughput, ops, failed.get(), seconds, latency,
                details), samples);
    }

    record Finished(PhaseResult result, List<Sample> samples) {
    }

    private List<Sample> samples(double seconds) {
        List<Sample> out = new ArrayList<>();
        int last = Math.max((int) Math.ceil(seconds) - 1, perSecond.isEmpty() ? 0 : perSecond.lastKey());
        for (int s = 0; s <= last; s++) {
            long[] v = perSecond.getOrDefault(s, new long[2]);
            out.add(new Sample(name, s, v[0], v[1] / 1e6));
        }
        return out;
    }

    /** HdrHistogram rounds up to its bucket edge; never report a percentile above the exact maximum. */
    private double percentileMs(double p) {
        return Math.min(micros.getValueAtPercentile(p) / 1000.0, maxNanos / 1e6);
    }

    /** Nearest-rank percentile of sorted values. */
    static double percentile(double[] sorted, double p) {
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }
}
