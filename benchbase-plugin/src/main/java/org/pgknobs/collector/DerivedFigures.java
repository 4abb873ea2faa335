package org.pgknobs.collector;

import static org.pgknobs.collector.QueryCatalog.CHECKPOINTS;
import static org.pgknobs.collector.QueryCatalog.DATABASE;
import static org.pgknobs.collector.QueryCatalog.IO;
import static org.pgknobs.collector.QueryCatalog.TABLES;
import static org.pgknobs.collector.QueryCatalog.WAL;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** Computes {@link Derived} from a window's deltas. Pure arithmetic, so it is unit-tested without a server. */
public final class DerivedFigures {

    /** How many wait events the window keeps, most frequent first. */
    public static final int TOP_WAITS = 10;

    private DerivedFigures() {
    }

    /**
     * @param callerTransactions the workload's own transaction count, or null to use pg_stat_database
     * @param ownXacts the collector's own transactions inside the window, subtracted from pg_stat_database
     */
    public static Derived compute(Map<String, List<StatRow>> d, double seconds, Long callerTransactions,
            long ownXacts, Map<String, Long> waitSamples) {
        Long txns;
        String source;
        if (callerTransactions != null) {
            txns = callerTransactions;
            source = "caller";
        } else if (d.containsKey(DATABASE) && !d.get(DATABASE).isEmpty()) {
            StatRow db = d.get(DATABASE).get(0);
            txns = Math.max(0, db.longValue("xact_commit") + db.longValue("xact_rollback") - ownXacts);
            source = "pg_stat_database";
        } else {
            txns = null;
            source = null;
        }
        long t = txns == null ? 0 : txns;
        Double tps = txns == null || seconds <= 0 ? null : txns / seconds;

        Double hitRatio = null;
        if (d.containsKey(IO)) {
            Map<String, String> client = Map.of("backend_type", "client backend", "object", "relation");
            double hits = Deltas.sum(d, IO, "hits", client);
            double reads = Deltas.sum(d, IO, "reads", client);
            hitRatio = hits + reads > 0 ? hits / (hits + reads) : null;
        }

        Rate walBytes = null;
        Rate walRecords = null;
        Rate walFpi = null;
        Double fpiShare = null;
        if (d.containsKey(WAL)) {
            double records = Deltas.sum(d, WAL, "wal_records", Map.of());
            double fpi = Deltas.sum(d, WAL, "wal_fpi", Map.of());
            walBytes = Rate.of(Deltas.sum(d, WAL, "wal_bytes", Map.of()), seconds, t);
            walRecords = Rate.of(records, seconds, t);
            walFpi = Rate.of(fpi, seconds, t);
            fpiShare = records > 0 ? fpi / records : null;
        }

        CheckpointFigures checkpoints = null;
        if (d.containsKey(CHECKPOINTS) && !d.get(CHECKPOINTS).isEmpty()) {
            StatRow c = d.get(CHECKPOINTS).get(0);
            // num_timed/num_requested also count checkpoints skipped on an idle server; 18+ says how many were done.
            long started = c.values().containsKey("num_done") ? c.longValue("num_done")
                    : c.longValue("num_timed") + c.longValue("num_requested");
            checkpoints = new CheckpointFigures(c.longValue("num_timed"), c.longValue("num_requested"),
                    c.values().containsKey("num_done") ? c.longValue("num_done") : null,
                    seconds > 0 ? started * 60.0 / seconds : 0,
                    started > 0 ? seconds / started : null,
                    c.value("write_time"), c.value("sync_time"), c.longValue("buffers_written"));
        }

        Map<String, IoFigures> io = new TreeMap<>();
        if (d.containsKey(IO)) {
            TreeSet<String> types = new TreeSet<>();
            d.get(IO).forEach(r -> types.add(r.label("backend_type")));
            for (String type : types) {
                Map<String, String> m = Map.of("backend_type", type);
                double activity = 0;
                for (String col : List.of("reads", "writes", "extends", "hits", "fsyncs", "evictions", "reuses")) {
                    activity += Deltas.sum(d, IO, col, m);
                }
                if (activity == 0) {
                    continue; // idle backend types would only add noise to reports
                }
                io.put(type, new IoFigures(
                        Rate.of(Deltas.sum(d, IO, "reads", m), seconds, t),
                        Rate.of(Deltas.sum(d, IO, "writes", m), seconds, t),
                        Rate.of(Deltas.sum(d, IO, "extends", m), seconds, t),
                        Rate.of(Deltas.sum(d, IO, "hits", m), seconds, t),
                        Rate.of(Deltas.sum(d, IO, "fsyncs", m), seconds, t)));
            }
        }

        Rate autovacuum = null;
        Rate autoanalyze = null;
        Double avPerMinute = null;
        Double aaPerMinute = null;
        if (d.containsKey(TABLES)) {
            double av = Deltas.sum(d, TABLES, "autovacuum_count", Map.of());
            double aa = Deltas.sum(d, TABLES, "autoanalyze_count", Map.of());
            autovacuum = Rate.of(av, seconds, t);
            autoanalyze = Rate.of(aa, seconds, t);
            avPerMinute = seconds > 0 ? av * 60 / seconds : null;
            aaPerMinute = seconds > 0 ? aa * 60 / seconds : null;
        }

        Long deadlocks = null;
        Rate tempBytes = null;
        if (d.containsKey(DATABASE) && !d.get(DATABASE).isEmpty()) {
            StatRow db = d.get(DATABASE).get(0);
            deadlocks = db.longValue("deadlocks");
            tempBytes = Rate.of(db.value("temp_bytes"), seconds, t);
        }

        long totalSamples = waitSamples.values().stream().mapToLong(Long::longValue).sum();
        List<WaitShare> waits = new ArrayList<>();
        waitSamples.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()).thenComparing(Map.Entry.comparingByKey()))
                .limit(TOP_WAITS)
                .forEach(e -> {
                    String[] parts = e.getKey().split(":", 2);
                    waits.add(new WaitShare(parts[0], parts.length > 1 ? parts[1] : "", e.getValue(),
                            (double) e.getValue() / totalSamples));
                });

        return new Derived(seconds, new Derived.Transactions(txns, source, tps), hitRatio,
                new Derived.Wal(walBytes, walRecords, walFpi, fpiShare), checkpoints, io,
                new Derived.Maintenance(autovacuum, avPerMinute, autoanalyze, aaPerMinute), deadlocks, tempBytes,
                new Derived.Waits(totalSamples, waits), null);
    }
}
