package org.pgknobs.workload.insertbench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.pgknobs.host.DiskStats;
import org.pgknobs.host.HostCpuTicks;
import org.pgknobs.host.ProcessCpu;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.workload.LiveCounter;

/**
 * Collects one phase's measurements from all client threads: each timed request with the operations it
 * completed (rows for inserts and index builds, 1 for a query), per-second counts, background insert and
 * delete rows, host CPU (us + sy, as vmstat) and the data directory's disk I/O (as iostat). Turns them into a
 * {@link PhaseResult} and per-second samples.
 */
final class PhaseRecorder {

    /** One second of a phase: operations that completed in it and the slowest request that ended in it. */
    record Sample(String phase, int second, long ops, double maxMs) {
    }

    /** His "Nth percentile" rates (np.sh): 50, 75, 90, 95, 99. */
    static final int[] NTH = {50, 75, 90, 95, 99};
    /** np.sh prints NA below this many per-second lines. */
    static final int NTH_MIN_SECONDS = 10;

    private final String name;
    private final HostCpuTicks cpu;
    private final Optional<DiskStats> disk;
    private final long startNanos;
    private final long cpuStartMicros;
    private final long clientCpuStartNanos = ProcessCpu.selfNanos();
    private final Optional<DiskStats.Counters> diskStart;
    /** client -> second -> ops, for his per-client percentiles. */
    private final TreeMap<Integer, TreeMap<Integer, Long>> perClientSecond = new TreeMap<>();
    private final AtomicLong minQueries = new AtomicLong();
    private final ResponseTimeBuckets buckets = new ResponseTimeBuckets();
    private final Histogram micros = new Histogram(3_600_000_000L, 3);
    private final TreeMap<Integer, long[]> perSecond = new TreeMap<>();
    /** Requests that are not the phase's operations: "insert" (background writes of a query phase), "delete". */
    private final Map<String, ResponseTimeBuckets> side = new TreeMap<>();
    private final Map<String, Long> sideMaxNanos = new TreeMap<>();
    private final AtomicLong rowsInserted = new AtomicLong();
    private final AtomicLong rowsDeleted = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final LiveCounter live = new LiveCounter();
    private long ops;
    private long requests;
    private long maxNanos;

    PhaseRecorder(String name, HostCpuTicks cpu, Optional<DiskStats> disk) {
        this.name = name;
        this.cpu = cpu;
        this.disk = disk;
        this.cpuStartMicros = cpu.busyMicros();
        this.diskStart = disk.flatMap(DiskStats::read);
        this.startNanos = System.nanoTime();
    }

    String name() {
        return name;
    }

    long startNanos() {
        return startNanos;
    }

    /** What the live feed reads each second. */
    LiveCounter live() {
        return live;
    }

    /** A request of this phase's main kind ran from {@code begin} to {@code end} (System.nanoTime) and did {@code n} operations. */
    synchronized void request(int client, long begin, long end, long n) {
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
        perClientSecond.computeIfAbsent(client, k -> new TreeMap<>()).merge(second, n, Long::sum);
        live.completed(n, true, nanos);
    }

    /** The statement maker ran select min(transactionid). */
    void minQuery() {
        minQueries.incrementAndGet();
    }

    private final AtomicLong lastInsertEndNanos = new AtomicLong();

    /** Seconds from the phase start to the end of its last INSERT. */
    double insertSeconds() {
        return Math.max(1e-9, (lastInsertEndNanos.get() - startNanos) / 1e9);
    }

    void insertEnded(long endNanos) {
        lastInsertEndNanos.accumulateAndGet(endNanos, Math::max);
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
        live.failed();
    }

    long rowsInserted() {
        return rowsInserted.get();
    }

    long rowsDeleted() {
        return rowsDeleted.get();
    }

    /** Closes the window now. {@code extra} details (target rates, shapes ...) are added after the common ones. */
    private long stoppedNanos;
    private long stoppedCpuMicros;
    private long stoppedClientCpuNanos;
    private Optional<DiskStats.Counters> stoppedDisk = Optional.empty();

    /** The phase's work is done: its clock and counters stop here, before the end-of-phase bookkeeping queries. */
    synchronized void stop() {
        stoppedNanos = System.nanoTime();
        stoppedCpuMicros = cpu.busyMicros();
        stoppedClientCpuNanos = ProcessCpu.selfNanos();
        stoppedDisk = disk.flatMap(DiskStats::read);
    }

    synchronized Finished finish(long databaseBytes, Map<String, Object> extra) {
        long endNanos = stoppedNanos > 0 ? stoppedNanos : System.nanoTime();
        if (stoppedNanos == 0) {
            stop();
            endNanos = stoppedNanos;
        }
        long cpuEndMicros = stoppedCpuMicros;
        Optional<DiskStats.Counters> io = diskStart.flatMap(start -> stoppedDisk.map(e -> e.minus(start)));
        double seconds = (endNanos - startNanos) / 1e9;
        List<Sample> samples = samples(seconds);
        Map<String, Map<String, Long>> nth = new LinkedHashMap<>();
        perClientSecond.forEach((client, secs) -> nth.put(Integer.toString(client), nth(secs, (int) seconds)));
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("requests", requests);
        details.put("maxResponseMs", maxNanos / 1e6);
        details.put("responseTimePct", buckets.percentages());
        details.put("responseTimeCounts", buckets.counts());
        details.put("perSecondNth", nth);
        details.put("perSecondP50", meanOver(nth, "50"));
        details.put("perSecondP99", meanOver(nth, "99"));
        details.put("rowsInserted", rowsInserted.get());
        details.put("rowsDeleted", rowsDeleted.get());
        details.put("cpuMicrosPerOp", cpuStartMicros < 0 || cpuEndMicros < 0 || ops == 0
                ? null : (double) (cpuEndMicros - cpuStartMicros) / ops);
        long clientCpu = stoppedClientCpuNanos - clientCpuStartNanos;
        details.put("clientCpuMicrosPerOp", clientCpuStartNanos < 0 || ops == 0 ? null : clientCpu / 1000.0 / ops);
        details.put("readsPerOp", io.isEmpty() || ops == 0 ? null : (double) io.get().reads() / ops);
        details.put("readKbPerOp", io.isEmpty() || ops == 0 ? null : io.get().readBytes() / 1024.0 / ops);
        details.put("writesPerOp", io.isEmpty() || ops == 0 ? null : (double) io.get().writes() / ops);
        details.put("writeKbPerOp", io.isEmpty() || ops == 0 ? null : io.get().writeBytes() / 1024.0 / ops);
        details.put("ioDevice", disk.map(DiskStats::device).orElse(null));
        details.put("minQueries", minQueries.get());
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

    /**
     * np.sh's "rate at nth percentile" of one client: its per-second rates (whole seconds only) sorted
     * descending, the value at position round(n% x count), 1-based. So the 99th is near the slowest second:
     * the low tail, not the high one. Null (his NA) below {@value #NTH_MIN_SECONDS} seconds.
     */
    static Map<String, Long> nth(Map<Integer, Long> perSecond, int wholeSeconds) {
        List<Long> rates = new ArrayList<>();
        for (int s = 0; s < wholeSeconds; s++) {
            rates.add(perSecond.getOrDefault(s, 0L));
        }
        rates.sort(java.util.Comparator.reverseOrder());
        Map<String, Long> out = new LinkedHashMap<>();
        for (int n : NTH) {
            int off = (int) Math.rint(n / 100.0 * rates.size());
            out.put(Integer.toString(n), rates.size() < NTH_MIN_SECONDS ? null : rates.get(Math.max(1, off) - 1));
        }
        return out;
    }

    /** One figure for all clients: the mean of their nth values; null when any is NA. */
    private static Double meanOver(Map<String, Map<String, Long>> nth, String n) {
        if (nth.isEmpty() || nth.values().stream().anyMatch(m -> m.get(n) == null)) {
            return null;
        }
        return nth.values().stream().mapToLong(m -> m.get(n)).average().orElse(0);
    }
}
