package org.pgknobs.sidebyside;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgknobs.run.capture.CpuWatch;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.results.RunRegime;
import org.pgknobs.stats.Stats;
import org.pgknobs.workload.benchbase.BenchBaseHistograms;
import org.pgknobs.workload.tpcc.TxType;

/**
 * One TPC-C run of a driver comparison, reduced to what both drivers can report alike. BenchBase's only
 * per-type outcome counts (the histograms it prints: completed, aborted, server retry, errors) cover
 * warm-up and measured time together, so committed transactions are counted over that whole span for
 * both drivers and divided by its length (warm-up + time); latency (p95) is the measured window's.
 *
 * @param committed  successful transactions per type (BenchBase's "Completed Transactions")
 * @param retries    serialization-failure attempts per type ("Rejected Transactions (Server Retry)")
 * @param loadAverage the machine's 1-minute load average when the run started and when it ended
 * @param cpu        the CPU over the whole run, warm-up included, for either driver (client tree: BenchBase's JVM,
 *                   or the built-in driver's, a child JVM or this one; server: the postmaster's tree), null where not
 *                   read
 * @param regime     the run's SERIALIZABLE regime from the server's side (SIREAD locks, scans, plan calls), null
 *                   where not measured
 */
record DriverFigures(int pair, String driver, int seconds, Map<String, Long> committed, Map<String, Long> retries,
                     Map<String, Long> aborted, Map<String, Long> errors, double p95Ms, double windowThroughput,
                     List<Double> loadAverage, CpuWatch.Window cpu, RunRegime regime) {

    DriverFigures(int pair, String driver, int seconds, Map<String, Long> committed, Map<String, Long> retries,
                  Map<String, Long> aborted, Map<String, Long> errors, double p95Ms, double windowThroughput,
                  List<Double> loadAverage) {
        this(pair, driver, seconds, committed, retries, aborted, errors, p95Ms, windowThroughput, loadAverage, null,
                null);
    }

    DriverFigures withCpu(CpuWatch.Window window) {
        return new DriverFigures(pair, driver, seconds, committed, retries, aborted, errors, p95Ms, windowThroughput,
                loadAverage, window, regime);
    }

    DriverFigures withRegime(RunRegime measured) {
        return new DriverFigures(pair, driver, seconds, committed, retries, aborted, errors, p95Ms, windowThroughput,
                loadAverage, cpu, measured);
    }

    static final String NEW_ORDER = "NewOrder";
    static final String PAYMENT = "Payment";

    static DriverFigures ofBenchBase(int pair, int seconds, PhaseResult phase, Path log, List<Double> loadAverage)
            throws IOException {
        Map<String, Map<String, Long>> h = BenchBaseHistograms.read(log);
        if (h.get("Completed Transactions") == null) {
            throw new IOException("BenchBase's output " + log + " has no \"Completed Transactions\" histogram");
        }
        return new DriverFigures(pair, "benchbase", seconds, byType(h.get("Completed Transactions")),
                byType(h.get("Rejected Transactions (Server Retry)")), byType(h.get("Aborted Transactions")),
                byType(h.get("Unexpected SQL Errors")), p95(phase), phase.throughput(), loadAverage);
    }

    /**
     * The built-in driver's figures from its phase result's {@code transactions_whole_run} (warm-up and window, as
     * BenchBase's histograms count), whether it ran in this JVM or printed the result from its own.
     */
    static DriverFigures ofBuiltin(int pair, int seconds, PhaseResult phase, List<Double> loadAverage) throws IOException {
        if (!(phase.details() != null && phase.details().get("transactions_whole_run") instanceof Map<?, ?> whole)) {
            throw new IOException("the built-in driver's result has no transactions_whole_run counts");
        }
        Map<String, Long> committed = new LinkedHashMap<>();
        Map<String, Long> retries = new LinkedHashMap<>();
        Map<String, Long> aborted = new LinkedHashMap<>();
        Map<String, Long> errors = new LinkedHashMap<>();
        for (TxType t : TxType.ALL) {
            Map<?, ?> counts = whole.get(t.benchBaseName()) instanceof Map<?, ?> m ? m : Map.of();
            committed.put(t.benchBaseName(), count(counts, "successful"));
            retries.put(t.benchBaseName(), count(counts, "retries"));
            aborted.put(t.benchBaseName(), count(counts, "aborted"));
            errors.put(t.benchBaseName(), count(counts, "errors"));
        }
        return new DriverFigures(pair, "builtin", seconds, committed, retries, aborted, errors, p95(phase),
                phase.throughput(), loadAverage);
    }

    private static long count(Map<?, ?> counts, String outcome) {
        return counts.get(outcome) instanceof Number n ? n.longValue() : 0L;
    }

    private static Map<String, Long> byType(Map<String, Long> counts) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (TxType t : TxType.ALL) {
            out.put(t.benchBaseName(), counts == null ? 0L : counts.getOrDefault(t.benchBaseName(), 0L));
        }
        return out;
    }

    private static double p95(PhaseResult phase) {
        return phase.latencyMs() == null ? Double.NaN : phase.latencyMs().p95();
    }

    long committedTotal() {
        return committed.values().stream().mapToLong(Long::longValue).sum();
    }

    double committedTps() {
        return (double) committedTotal() / seconds;
    }

    /** Retries per committed transaction of one type; NaN when none committed. */
    double retriesPerCommitted(String type) {
        long c = committed.getOrDefault(type, 0L);
        return c == 0 ? Double.NaN : (double) retries.getOrDefault(type, 0L) / c;
    }

    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pair", pair);
        m.put("driver", driver);
        m.put("committed_tps", Stats.round3OrNull(committedTps()));
        m.put("neworder_committed_per_second", Stats.round3OrNull(newOrderCommittedPerSecond()));
        m.put("counted_seconds", seconds);
        m.put("retries_per_committed_neworder", Stats.round3OrNull(retriesPerCommitted(NEW_ORDER)));
        m.put("retries_per_committed_payment", Stats.round3OrNull(retriesPerCommitted(PAYMENT)));
        m.put("p95_ms", Stats.round3OrNull(p95Ms));
        Map<String, Object> mix = new LinkedHashMap<>();
        committed.forEach((t, n) -> mix.put(t, Stats.round3OrNull(100.0 * n / Math.max(1, committedTotal()))));
        m.put("mix_percent", mix);
        m.put("committed", committed);
        m.put("retries", retries);
        m.put("aborted", aborted);
        m.put("errors", errors);
        m.put("window_requests_per_second", Stats.round3OrNull(windowThroughput));
        m.put("load_average", loadAverage);
        if (regime != null) {
            m.put("regime", RegimeLine.of(regime));
        }
        if (cpu != null) {
            // per second: the spans differ by a JVM's start and exit, and BenchBase's run is one process
            m.put("cpu_span_seconds", Stats.round3(cpu.seconds()));
            m.put("client_cpu_cores", Stats.round3OrNull(cpu.clientSeconds() / cpu.seconds()));
            m.put("server_cpu_cores", cpu.serverTicks() == null ? null
                    : Stats.round3((double) cpu.serverTicks() / cpu.ticksPerSecond() / cpu.seconds()));
            m.put("host_busy_percent", Stats.round3(100.0 * cpu.busyMicros() / 1e6 / cpu.seconds() / cpu.cores()));
            // approximate: the span's client CPU per second over the counted span's attempts per second
            m.put("client_cpu_us_per_attempt", Stats.round3OrNull(1e6 * cpu.clientSeconds() / cpu.seconds() / attemptsPerSecond()));
            m.put("server_cpu_us_per_attempt", cpu.serverTicks() == null ? null : Stats.round3OrNull(
                    1e6 * cpu.serverTicks() / cpu.ticksPerSecond() / cpu.seconds() / attemptsPerSecond()));
        }
        return m;
    }

    /** Every attempt per second over the counted span: committed, retried (40001), aborted and failed. */
    double attemptsPerSecond() {
        long all = 0;
        for (Map<String, Long> m : List.of(committed, retries, aborted, errors)) {
            all += m.values().stream().mapToLong(Long::longValue).sum();
        }
        return (double) all / seconds;
    }

    /**
     * NewOrders committed per second of the server's CPU: the rate with the client's cost taken out. On a machine
     * whose cores client and server share, a client that spends more CPU per attempt leaves the server less, and
     * its committed rate falls for that alone; per server CPU second the two drivers' workloads compare like with
     * like. NaN where the server's CPU was not read.
     */
    double newOrderPerServerCpuSecond() {
        if (cpu == null || cpu.serverTicks() == null || !(cpu.seconds() > 0)) {
            return Double.NaN;
        }
        double serverCores = (double) cpu.serverTicks() / cpu.ticksPerSecond() / cpu.seconds();
        return serverCores > 0 ? newOrderCommittedPerSecond() / serverCores : Double.NaN;
    }

    /** NewOrder committed per second over the counted span: tpmC / 60, TPC-C's headline metric. */
    double newOrderCommittedPerSecond() {
        return (double) committed.getOrDefault(NEW_ORDER, 0L) / seconds;
    }

    /**
     * Built-in / BenchBase, each ratio the geometric mean of the per-pair ratios with its 95 % paired t interval
     * ({@link PairedRatio}): pair i's BenchBase run and built-in run went back to back from the same snapshot.
     */
    static Map<String, Object> ratios(List<DriverFigures> runs) {
        List<DriverFigures> bb = runs.stream().filter(r -> r.driver.equals("benchbase"))
                .sorted(java.util.Comparator.comparingInt(DriverFigures::pair)).toList();
        List<DriverFigures> builtin = runs.stream().filter(r -> r.driver.equals("builtin"))
                .sorted(java.util.Comparator.comparingInt(DriverFigures::pair)).toList();
        if (bb.size() != builtin.size()) {
            throw new IllegalArgumentException(bb.size() + " BenchBase runs against " + builtin.size() + " built-in runs: not pairs");
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("summary", "ratios built-in / BenchBase over " + bb.size() + " pairs: geometric mean of the per-pair ratios, "
                + "95 % paired t interval on their logs (docs/statistics.md)");
        m.put("benchbase_committed_tps", Stats.round3OrNull(mean(bb, DriverFigures::committedTps)));
        m.put("builtin_committed_tps", Stats.round3OrNull(mean(builtin, DriverFigures::committedTps)));
        m.put("benchbase_neworder_committed_per_second", Stats.round3OrNull(mean(bb, DriverFigures::newOrderCommittedPerSecond)));
        m.put("builtin_neworder_committed_per_second", Stats.round3OrNull(mean(builtin, DriverFigures::newOrderCommittedPerSecond)));
        m.put("ratio_committed_tps", ratio(builtin, bb, DriverFigures::committedTps));
        m.put("ratio_neworder_committed_per_second", ratio(builtin, bb, DriverFigures::newOrderCommittedPerSecond));
        m.put("ratio_retries_per_committed_neworder", ratio(builtin, bb, r -> r.retriesPerCommitted(NEW_ORDER)));
        m.put("ratio_retries_per_committed_payment", ratio(builtin, bb, r -> r.retriesPerCommitted(PAYMENT)));
        m.put("ratio_p95", ratio(builtin, bb, DriverFigures::p95Ms));
        m.put("ratio_neworder_per_server_cpu_second", ratio(builtin, bb, DriverFigures::newOrderPerServerCpuSecond));
        RegimeLine.split(bb, builtin, m);
        return m;
    }

    private static Map<String, Object> ratio(List<DriverFigures> subject, List<DriverFigures> reference,
                                             java.util.function.ToDoubleFunction<DriverFigures> f) {
        return PairedRatio.of(reference.stream().mapToDouble(f).toArray(), subject.stream().mapToDouble(f).toArray());
    }

    private static double mean(List<DriverFigures> runs, java.util.function.ToDoubleFunction<DriverFigures> f) {
        return runs.stream().mapToDouble(f).average().orElse(Double.NaN);
    }
}
