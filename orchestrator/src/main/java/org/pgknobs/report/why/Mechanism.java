package org.pgknobs.report.why;

import static org.pgknobs.collector.QueryCatalog.BGWRITER;
import static org.pgknobs.collector.QueryCatalog.CHECKPOINTS;
import static org.pgknobs.collector.QueryCatalog.IO;
import static org.pgknobs.collector.QueryCatalog.TABLES;
import static org.pgknobs.collector.QueryCatalog.WAL;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import org.pgknobs.collector.AutovacuumActivity;
import org.pgknobs.collector.QueryCatalog;
import org.pgknobs.collector.StatRow;
import org.pgknobs.collector.WindowStats;

/**
 * One family of settings and the counter that shows its mechanism engaged in a measured window: the table
 * {@link NothingToActOn} reads (docs/reports.md prints it). A setting of the family had nothing to act on when
 * the counter is 0 in every measured window of both steps; the counter is null ("not collected") when the
 * window lacks the view or the rows it reads, and the family then says nothing.
 *
 * @param family  a short name, as report.json carries it
 * @param names   settings of the family by exact name (looked up before any prefix)
 * @param prefix  settings of the family by prefix, or null
 * @param idle    what a zero counter reads as ("0 checkpoints")
 * @param figures the pgstats.json figures the counter reads
 * @param counter the counter in one window; null when not collected
 */
public record Mechanism(String family, Set<String> names, String prefix, String idle, List<String> figures,
                        Function<WindowStats, Double> counter) {

    private static final String WRITEBACKS = "deltas.pg_stat_io.writebacks";

    /** In lookup order: exact names anywhere in the table win over prefixes. */
    public static final List<Mechanism> TABLE = List.of(
            new Mechanism("checkpoints",
                    Set.of("max_wal_size", "min_wal_size", "checkpoint_timeout", "checkpoint_completion_target"),
                    null, "0 checkpoints", List.of("deltas.checkpoints.num_timed", "deltas.checkpoints.num_requested",
                            "deltas.checkpoints.num_done", "deltas.checkpoints.buffers_written"),
                    Mechanism::checkpoints),
            new Mechanism("shared buffers", Set.of("shared_buffers"), null, "0 buffer evictions or ring reuses",
                    List.of("deltas.pg_stat_io.evictions", "deltas.pg_stat_io.reuses"), Mechanism::buffers),
            new Mechanism("wal buffers", Set.of("wal_buffers"), null, "wal_buffers full 0 times",
                    List.of("deltas.pg_stat_wal.wal_buffers_full"), w -> column(w, WAL, "wal_buffers_full", r -> true)),
            new Mechanism("backend writeback", Set.of("backend_flush_after"), null, "0 writebacks by backends",
                    List.of(WRITEBACKS), w -> column(w, IO, "writebacks", r -> !Set.of("checkpointer",
                            "background writer").contains(r.label("backend_type")))),
            new Mechanism("bgwriter writeback", Set.of("bgwriter_flush_after"), null,
                    "0 writebacks by the background writer", List.of(WRITEBACKS),
                    w -> column(w, IO, "writebacks", backend("background writer"))),
            new Mechanism("checkpoint writeback", Set.of("checkpoint_flush_after"), null,
                    "0 writebacks by the checkpointer", List.of(WRITEBACKS),
                    w -> column(w, IO, "writebacks", backend("checkpointer"))),
            // WAL writes are not counted as writebacks; the WAL writer's own WAL writes are (pg_stat_io, PG 18+)
            new Mechanism("wal writer flush", Set.of("wal_writer_flush_after"), null, "0 WAL writes by the WAL writer",
                    List.of("deltas.pg_stat_io.writes"), w -> column(w, IO, "writes",
                            backend("walwriter").and(r -> "wal".equals(r.label("object"))))),
            new Mechanism("autovacuum", Set.of("autovacuum"), "autovacuum_",
                    "0 autovacuum or autoanalyze runs (none finished, none seen running)",
                    List.of("deltas.tables.autovacuum_count", "deltas.tables.autoanalyze_count", "autovacuum"),
                    Mechanism::autovacuum),
            new Mechanism("background writer", Set.of(), "bgwriter_", "0 buffers written by the background writer",
                    List.of("deltas.bgwriter.buffers_clean"), w -> column(w, BGWRITER, "buffers_clean", r -> true)),
            new Mechanism("full-page images", Set.of("full_page_writes", "wal_compression"), null, "0 full-page images",
                    List.of("deltas.pg_stat_wal.wal_fpi"), w -> column(w, WAL, "wal_fpi", r -> true)));

    /** The family a setting belongs to; empty for a setting the table does not know (it then says nothing). */
    public static Optional<Mechanism> of(String setting) {
        return TABLE.stream().filter(m -> m.names.contains(setting)).findFirst()
                .or(() -> TABLE.stream().filter(m -> m.prefix != null && setting.startsWith(m.prefix)).findFirst());
    }

    /**
     * Checkpoints started (timed + requested: PostgreSQL ≤ 17 counts a checkpoint when it starts), done (PG 18's
     * num_done: when it completes) and buffers the checkpointer wrote: a checkpoint that began before the window and
     * wrote all through it counts 0 started and 0 done there, but not 0 buffers written.
     */
    private static Double checkpoints(WindowStats w) {
        Optional<StatRow> c = rows(w, CHECKPOINTS).flatMap(r -> r.stream().findFirst());
        return c.map(r -> r.value("num_timed") + r.value("num_requested") + r.value("num_done")
                + r.value("buffers_written")).orElse(null);
    }

    /**
     * Evictions of shared (not local) buffers by anyone, in any context, and reuses of a strategy ring (whose use
     * depends on a table's size against shared_buffers). Reads do not count: a restored step reads every page it
     * touches once whatever the size, so its hit ratio is never quite 100 %; without an eviction the pool never
     * filled, and any size that held those pages would have read the same.
     */
    private static Double buffers(WindowStats w) {
        Double evictions = column(w, IO, "evictions", r -> "relation".equals(r.label("object")));
        Double reuses = column(w, IO, "reuses", r -> "relation".equals(r.label("object")));
        return evictions == null ? null : evictions + (reuses == null ? 0 : reuses);
    }

    /** Finished runs from pg_stat_all_tables, and the workers seen on a table in the window (when sampled). */
    private static Double autovacuum(WindowStats w) {
        Double finished = column(w, TABLES, "autovacuum_count", r -> true);
        if (finished == null) {
            return null;
        }
        double analyzed = column(w, TABLES, "autoanalyze_count", r -> true);
        AutovacuumActivity a = w.derived() == null ? null : w.derived().autovacuum();
        if (a == null || w.missing() != null && w.missing().containsKey(QueryCatalog.AUTOVACUUM_WORKERS)) {
            // no worker sample, or one that failed: a run in progress may have gone unseen, so not known to be idle
            return null;
        }
        return finished + analyzed + a.startedRuns() + a.runningAtOpen() + (a.workerSeconds() > 0 ? 1 : 0);
    }

    private static Predicate<StatRow> backend(String type) {
        return r -> type.equals(r.label("backend_type"));
    }

    private static Optional<List<StatRow>> rows(WindowStats w, String group) {
        Map<String, List<StatRow>> deltas = w.deltas();
        return deltas == null ? Optional.empty() : Optional.ofNullable(deltas.get(group));
    }

    /** The column summed over the matching rows; null without the group, a matching row, or the column. */
    private static Double column(WindowStats w, String group, String column, Predicate<StatRow> match) {
        List<StatRow> matching = rows(w, group).orElse(List.of()).stream().filter(match).toList();
        if (matching.isEmpty() || matching.stream().noneMatch(r -> r.values().containsKey(column))) {
            return null;
        }
        return matching.stream().mapToDouble(r -> r.value(column)).sum();
    }
}
