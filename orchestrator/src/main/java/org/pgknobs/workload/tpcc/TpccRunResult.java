package org.pgknobs.workload.tpcc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.pgknobs.benchbase.MeasuredRun;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.results.WarmupOutcome;

/**
 * What one run measured: every request completed inside the window (BenchBase's raw samples) and
 * per-type counts. Throughput counts all of them, goodput only the successful ones; both over the
 * configured window, so 11 transactions in 120 s are 0.0917/s and not an error.
 */
public final class TpccRunResult implements MeasuredRun {

    /** Outcome indexes for {@link #count} and {@link #runCount}. */
    public static final int SUCCESS = TerminalWorker.SUCCESS;
    public static final int ABORTED = TerminalWorker.ABORTED;
    public static final int ERRORS = TerminalWorker.ERRORS;
    public static final int RETRIES = TerminalWorker.RETRIES;
    public static final int GAVE_UP = TerminalWorker.GAVE_UP;

    /** One completed request: start in epoch seconds, latency, type, outcome (Samples.SUCCESS/ABORTED/ERROR). */
    public record Sample(double startEpochSeconds, long startNanos, int latencyMicros, TxType type, byte outcome,
                         int worker) implements MeasuredRun.Transaction {
        @Override
        public int typeIndex() {
            return type.id();
        }

        @Override
        public String typeName() {
            return type.benchBaseName();
        }
    }

    private final TpccOptions options;
    private final NuRandConstants constants;
    private final List<Sample> samples;
    private final long[][] counts;
    private final long[][] runCounts;
    private final Map<String, Long> errorsByState;
    private final String lastError;
    private final long reconnects;
    private final Histogram latency;
    private final long windowStartNanos;
    private final WarmupOutcome warmup;

    private TpccRunResult(TpccOptions options, NuRandConstants constants, List<Sample> samples, long[][] counts,
                          long[][] runCounts, Map<String, Long> errorsByState, String lastError, long reconnects, Histogram latency,
                          long windowStartNanos, WarmupOutcome warmup) {
        this.options = options;
        this.constants = constants;
        this.samples = samples;
        this.counts = counts;
        this.runCounts = runCounts;
        this.errorsByState = errorsByState;
        this.lastError = lastError;
        this.reconnects = reconnects;
        this.latency = latency;
        this.windowStartNanos = windowStartNanos;
        this.warmup = warmup;
    }

    static TpccRunResult of(TpccOptions options, NuRandConstants constants, RunClock clock, List<TerminalWorker> workers,
                            Recorder[] recorders, WarmupOutcome warmup) {
        List<Sample> samples = new ArrayList<>();
        long[][] counts = new long[TxType.ALL.size()][TerminalWorker.OUTCOMES];
        long[][] runCounts = new long[TxType.ALL.size()][TerminalWorker.OUTCOMES];
        Map<String, Long> errors = new TreeMap<>();
        String lastError = null;
        long reconnects = 0;
        for (TerminalWorker w : workers) {
            reconnects += w.reconnects();
            Samples s = w.samples();
            for (int i = 0; i < s.size(); i++) {
                samples.add(new Sample(clock.epochSeconds(s.start(i)), s.start(i), s.latencyMicros(i), s.type(i),
                        s.outcome(i), w.terminal().id()));
            }
            for (int t = 0; t < counts.length; t++) {
                for (int k = 0; k < TerminalWorker.OUTCOMES; k++) {
                    counts[t][k] += w.counts()[t][k];
                    runCounts[t][k] += w.runCounts()[t][k];
                }
            }
            w.errorsByState().forEach((k, v) -> errors.merge(k, v, Long::sum));
            if (w.lastError() != null) {
                lastError = w.lastError();
            }
        }
        samples.sort((a, b) -> Long.compare(a.startNanos(), b.startNanos()));
        Histogram all = new Histogram(3);
        for (Recorder r : recorders) {
            all.add(r.getIntervalHistogram());
        }
        return new TpccRunResult(options, constants, samples, counts, runCounts, errors, lastError, reconnects, all, clock.windowStart(),
                warmup);
    }

    public TpccOptions options() {
        return options;
    }

    /** How the warm-up went: its fixed time, or where {@code warmup: auto} ended it. */
    public WarmupOutcome warmup() {
        return warmup;
    }

    public List<Sample> samples() {
        return samples;
    }

    @Override
    public List<Sample> transactions() {
        return samples;
    }

    @Override
    public List<String> transactionNames() {
        return TxType.ALL.stream().map(TxType::benchBaseName).toList();
    }

    @Override
    public long windowStartNanos() {
        return windowStartNanos;
    }

    @Override
    public double windowSeconds() {
        return options.timeSeconds();
    }

    public long completed() {
        return samples.size();
    }

    public long count(TxType type, int outcome) {
        return counts[type.ordinal()][outcome];
    }

    /** Like {@link #count} but from the first transaction on, warm-up included (BenchBase's histograms' span). */
    public long runCount(TxType type, int outcome) {
        return runCounts[type.ordinal()][outcome];
    }

    private long total(int outcome) {
        return Arrays.stream(counts).mapToLong(c -> c[outcome]).sum();
    }

    public long successful() {
        return total(TerminalWorker.SUCCESS);
    }

    public long aborted() {
        return total(TerminalWorker.ABORTED);
    }

    public long errors() {
        return total(TerminalWorker.ERRORS);
    }

    public long retries() {
        return total(TerminalWorker.RETRIES);
    }

    /** Requests completed inside the window per second (BenchBase's "Throughput"). */
    @Override
    public double throughput() {
        return completed() / windowSeconds();
    }

    /** Successful requests completed inside the window per second (warm-up excluded, unlike BenchBase #606). */
    @Override
    public double goodput() {
        return successful() / windowSeconds();
    }

    /** Latency percentile in milliseconds over all completed requests; NaN when none completed. */
    public double latencyMs(double percentile) {
        return latency.getTotalCount() == 0 ? Double.NaN : latency.getValueAtPercentile(percentile) / 1000.0;
    }

    private static Map<String, Object> outcomes(long[] c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("successful", c[TerminalWorker.SUCCESS]);
        m.put("aborted", c[TerminalWorker.ABORTED]);
        m.put("errors", c[TerminalWorker.ERRORS]);
        m.put("retries", c[TerminalWorker.RETRIES]);
        m.put("gave_up", c[TerminalWorker.GAVE_UP]);
        return m;
    }

    public PhaseResult toPhaseResult() {
        PhaseResult.Latency lat = latency.getTotalCount() == 0 ? null
                : new PhaseResult.Latency(latencyMs(50), latencyMs(95), latencyMs(99), latency.getMaxValue() / 1000.0);
        Map<String, Object> details = new LinkedHashMap<>();
        Map<String, Object> perType = new LinkedHashMap<>();
        Map<String, Object> wholeRun = new LinkedHashMap<>();
        for (TxType t : TxType.ALL) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("completed", count(t, TerminalWorker.SUCCESS) + count(t, TerminalWorker.ABORTED) + count(t, TerminalWorker.ERRORS)
                    + count(t, TerminalWorker.GAVE_UP));
            m.putAll(outcomes(counts[t.ordinal()]));
            perType.put(t.benchBaseName(), m);
            Map<String, Object> run = outcomes(runCounts[t.ordinal()]);
            wholeRun.put(t.benchBaseName(), run);
        }
        details.put("transactions", perType);
        // warm-up + window, as BenchBase's outcome histograms count: for like-for-like comparisons
        details.put("transactions_whole_run", wholeRun);
        details.put("successful", successful());
        details.put("aborted", aborted());
        details.put("rollbacks", count(TxType.NEW_ORDER, TerminalWorker.ABORTED));
        details.put("retries", retries());
        details.put("errors", errors());
        details.put("errors_by_sqlstate", errorsByState);
        // new sessions opened after the server dropped a terminal's (warm-up included): a run that
        // lost its connections says so instead of only showing fewer transactions
        details.put("reconnects", reconnects);
        if (lastError != null) {
            details.put("last_error", lastError);
        }
        details.put("warehouses", options.warehouses());
        details.put("terminals", options.terminals());
        details.put("rate", options.rate().text());
        details.put("warmup_seconds", "fixed".equals(warmup.rule()) ? (Object) options.warmupSeconds()
                : (Object) (Math.round(warmup.seconds() * 1000) / 1000.0));
        details.put("isolation", options.isolation());
        details.put("nurand_c", Map.of("c_last_load", constants.lastNameLoad(), "c_last_run", constants.lastNameRun(),
                "c_id", constants.customerId(), "ol_i_id", constants.itemId()));
        return new PhaseResult("tpcc", throughput(), goodput(), completed(), errors() + aborted(), windowSeconds(), lat,
                details);
    }
}
