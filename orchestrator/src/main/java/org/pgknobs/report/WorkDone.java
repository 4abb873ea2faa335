package org.pgknobs.report;

import java.util.Map;
import org.pgknobs.collector.Deltas;
import org.pgknobs.collector.QueryCatalog;
import org.pgknobs.collector.WindowStats;

/**
 * What the server got through for the workload in a window, whether or not a transaction completed:
 * rows read (pg_stat_database tup_returned + tup_fetched) and blocks read from outside shared buffers
 * (blks_read) per second. Two steps that both completed nothing are told apart by these.
 */
public record WorkDone(double rowsPerSecond, double blocksReadPerSecond) {

    /** Null without a pg_stat_database delta in the window. */
    public static WorkDone of(WindowStats w) {
        if (w == null || w.seconds() <= 0 || w.deltas() == null || !w.deltas().containsKey(QueryCatalog.DATABASE)) {
            return null;
        }
        double rows = Deltas.sum(w.deltas(), QueryCatalog.DATABASE, "tup_returned", Map.of())
                + Deltas.sum(w.deltas(), QueryCatalog.DATABASE, "tup_fetched", Map.of());
        double blocks = Deltas.sum(w.deltas(), QueryCatalog.DATABASE, "blks_read", Map.of());
        return new WorkDone(rows / w.seconds(), blocks / w.seconds());
    }
}
