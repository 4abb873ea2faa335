package org.pgknobs.collector;

/**
 * One autovacuum worker of the benchmark database as one snapshot round saw it: pg_stat_activity's
 * autovacuum worker joined with its pg_stat_progress_vacuum row (or pg_stat_progress_analyze's when it
 * is only analyzing). Block and item figures are null when the server did not report them (an analyze,
 * or a column this version lacks).
 *
 * @param table      the relation's name, schema-qualified unless it is in public; its oid when pg_class
 *                   no longer has it
 * @param kind       {@code vacuum} or {@code analyze}
 * @param phase      the progress view's phase, e.g. "scanning heap"
 * @param deadItems  num_dead_tuples (PG 15, 16) or num_dead_item_ids (17+)
 * @param delayMs    delay_time (PG 18+, with track_cost_delay_timing): time spent sleeping in cost-based delay
 */
public record AutovacuumWorker(int pid, long relid, String table, String kind, String phase, Long heapBlksTotal,
                               Long heapBlksScanned, Long heapBlksVacuumed, Long deadItems, Double delayMs) {

    /** The same run of a worker on a table across rounds (a VACUUM ANALYZE stays one run). */
    String runKey() {
        return pid + ":" + relid;
    }
}
