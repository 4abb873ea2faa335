package org.pgknobs.collector;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Adds up the autovacuum workers seen round by round while one window is open (not thread-safe: the
 * collector calls it under its lock). Runs are told apart by worker pid and table: a new pair is a started
 * run, unless it was already there in the window's opening snapshot.
 */
final class AutovacuumTally {

    /** PostgreSQL's vacuum phases in the order a run goes through them (pg_stat_progress_vacuum). */
    static final List<String> VACUUM_PHASES = List.of("initializing", "scanning heap", "vacuuming indexes",
            "vacuuming heap", "cleaning up indexes", "truncating heap", "performing final cleanup");
    /** pg_stat_progress_analyze's phases, in order. */
    static final List<String> ANALYZE_PHASES = List.of("initializing", "acquiring sample rows",
            "acquiring inherited sample rows", "computing statistics", "computing extended statistics",
            "finalizing analyze");

    private final Map<String, Run> runs = new LinkedHashMap<>();
    private long lastNanos;
    private long rounds;
    private boolean sampled;

    private static final class Run {
        final String table;
        final boolean atOpen;
        double seconds;
        int vacuumPhase = -1;
        int analyzePhase = -1;
        Long heapTotal;
        long firstScanned = -1;
        long firstVacuumed = -1;
        long lastScanned;
        long lastVacuumed;

        Run(String table, boolean atOpen) {
            this.table = table;
            this.atOpen = atOpen;
        }

        void seen(AutovacuumWorker w, double dt) {
            seconds += dt;
            if ("vacuum".equals(w.kind())) {
                vacuumPhase = Math.max(vacuumPhase, VACUUM_PHASES.indexOf(w.phase()));
                heapTotal = w.heapBlksTotal() != null ? w.heapBlksTotal() : heapTotal;
                lastScanned = track(w.heapBlksScanned(), lastScanned);
                lastVacuumed = track(w.heapBlksVacuumed(), lastVacuumed);
                if (firstScanned < 0) {
                    // a run already going at the window's opening counts only what it does from then on
                    firstScanned = atOpen ? lastScanned : 0;
                    firstVacuumed = atOpen ? lastVacuumed : 0;
                }
            } else {
                analyzePhase = Math.max(analyzePhase, ANALYZE_PHASES.indexOf(w.phase()));
            }
        }

        private static long track(Long now, long before) {
            return now == null ? before : Math.max(before, now);
        }
    }

    AutovacuumTally(Snapshot open) {
        lastNanos = open.nanoTime();
        if (open.autovacuumWorkers() != null) {
            sampled = true;
            for (AutovacuumWorker w : open.autovacuumWorkers()) {
                runs.computeIfAbsent(w.runKey(), k -> new Run(w.table(), true)).seen(w, 0);
            }
        }
    }

    /** A round inside the window: each worker it shows was on its table since the round before. */
    void add(Snapshot s) {
        double dt = (s.nanoTime() - lastNanos) / 1e9;
        lastNanos = s.nanoTime();
        if (s.autovacuumWorkers() == null) {
            return;
        }
        sampled = true;
        rounds++;
        for (AutovacuumWorker w : s.autovacuumWorkers()) {
            runs.computeIfAbsent(w.runKey(), k -> new Run(w.table(), false)).seen(w, dt);
        }
    }

    /**
     * The window's activity; null when no round could sample the workers (the query failed throughout).
     *
     * @param deltas the window's counter deltas (per-table finished runs from {@link QueryCatalog#AUTOVACUUM_TABLES},
     *               the totals from {@link QueryCatalog#TABLES})
     */
    AutovacuumActivity activity(double windowSeconds, Map<String, List<StatRow>> deltas) {
        if (!sampled) {
            return null;
        }
        Map<String, List<Run>> byTable = new TreeMap<>();
        runs.values().forEach(r -> byTable.computeIfAbsent(r.table, k -> new ArrayList<>()).add(r));
        Map<String, StatRow> finished = new TreeMap<>();
        for (StatRow row : deltas.getOrDefault(QueryCatalog.AUTOVACUUM_TABLES, List.of())) {
            if (row.longValue("autovacuum_count") > 0 || row.longValue("autoanalyze_count") > 0) {
                finished.put(row.label("table"), row);
                byTable.putIfAbsent(row.label("table"), List.of());
            }
        }
        List<AutovacuumActivity.Table> tables = new ArrayList<>();
        double total = 0;
        long started = 0;
        for (Map.Entry<String, List<Run>> e : byTable.entrySet()) {
            List<Run> rs = e.getValue();
            double seconds = rs.stream().mapToDouble(r -> r.seconds).sum();
            long tableStarted = rs.stream().filter(r -> !r.atOpen).count();
            int vacuumPhase = rs.stream().mapToInt(r -> r.vacuumPhase).max().orElse(-1);
            int analyzePhase = rs.stream().mapToInt(r -> r.analyzePhase).max().orElse(-1);
            String phase = vacuumPhase >= 0 ? VACUUM_PHASES.get(vacuumPhase)
                    : analyzePhase >= 0 ? "analyze: " + ANALYZE_PHASES.get(analyzePhase) : null;
            Long heapTotal = rs.stream().map(r -> r.heapTotal).filter(java.util.Objects::nonNull)
                    .reduce((a, b) -> b).orElse(null);
            StatRow f = finished.get(e.getKey());
            tables.add(new AutovacuumActivity.Table(e.getKey(), seconds, share(seconds, windowSeconds), tableStarted,
                    rs.size() - tableStarted, f == null ? 0 : f.longValue("autovacuum_count"),
                    f == null ? 0 : f.longValue("autoanalyze_count"), phase, heapTotal,
                    rs.stream().mapToLong(r -> r.firstScanned < 0 ? 0 : r.lastScanned - r.firstScanned).sum(),
                    rs.stream().mapToLong(r -> r.firstVacuumed < 0 ? 0 : r.lastVacuumed - r.firstVacuumed).sum()));
            total += seconds;
            started += tableStarted;
        }
        tables.sort(Comparator.comparingDouble(AutovacuumActivity.Table::workerSeconds).reversed()
                .thenComparing(Comparator.comparingLong(AutovacuumActivity.Table::finished).reversed())
                .thenComparing(AutovacuumActivity.Table::table));
        return new AutovacuumActivity(rounds, total, share(total, windowSeconds), started,
                (long) Deltas.sum(deltas, QueryCatalog.TABLES, "autovacuum_count", Map.of()),
                (long) Deltas.sum(deltas, QueryCatalog.TABLES, "autoanalyze_count", Map.of()), tables);
    }

    private static double share(double seconds, double windowSeconds) {
        return windowSeconds > 0 ? seconds / windowSeconds : 0;
    }
}
