package org.pgknobs.collector;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** One window's statements from the snapshots at its edges: differences of cumulative counters, never a reset. */
public final class StatementDeltas {

    private StatementDeltas() {
    }

    /**
     * An entry only at the end was made inside the window and counts from zero; one whose counters fell, or
     * (17+) whose stats_since moved, was made again inside it and counts from then ({@code restarted}). An
     * entry gone at the end was evicted: its calls in the window are lost and counted in {@code vanished}.
     * Entries not called inside the window are left out.
     */
    public static StatementWindow between(String phase, StatementSnapshot start, StatementSnapshot end) {
        double seconds = (end.nanoTime() - start.nanoTime()) / 1e9;
        String missing = start.error() != null ? "at window start: " + start.error()
                : end.error() != null ? "at window end: " + end.error() : null;
        if (missing != null) {
            return new StatementWindow(phase, start.timestampMs(), end.timestampMs(), seconds, null, false, 0, null,
                    List.of(), missing);
        }
        List<StatementStats> out = new ArrayList<>();
        for (Map.Entry<StatementSnapshot.Key, StatementSnapshot.Entry> e : end.entries().entrySet()) {
            StatementSnapshot.Entry after = e.getValue();
            StatementSnapshot.Entry before = start.entries().get(e.getKey());
            boolean restarted = before != null && (after.counters().anyBelow(before.counters())
                    || after.sinceMs() != null && before.sinceMs() != null && !after.sinceMs().equals(before.sinceMs()));
            StatementCounters delta = before == null || restarted ? after.counters() : after.counters().minus(before.counters());
            if (delta.calls() != null && delta.calls() == 0) {
                continue;
            }
            out.add(StatementStats.of(e.getKey(), after.query(), delta, restarted));
        }
        out.sort(Comparator.comparing(StatementStats::totalExecMs, Comparator.nullsLast(Comparator.reverseOrder()))
                .thenComparing(s -> String.valueOf(s.query())));
        StatementCounters totals = out.stream().filter(StatementStats::toplevel).map(StatementStats::counters)
                .reduce(StatementCounters.ZERO, StatementCounters::plus);
        int vanished = (int) start.entries().keySet().stream().filter(k -> !end.entries().containsKey(k)).count();
        Long evictions = start.dealloc() == null || end.dealloc() == null ? null : end.dealloc() - start.dealloc();
        boolean reset = start.statsResetMs() != null && end.statsResetMs() != null
                && !Objects.equals(start.statsResetMs(), end.statsResetMs());
        return new StatementWindow(phase, start.timestampMs(), end.timestampMs(), seconds, evictions, reset, vanished,
                totals, out, null);
    }
}
