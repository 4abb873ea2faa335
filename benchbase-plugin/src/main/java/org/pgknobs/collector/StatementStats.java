package org.pgknobs.collector;

/**
 * One statement in statements.json: what the benchmark database's entry of pg_stat_statements counted
 * inside one measured window. Times in milliseconds of execution (planning not included); nulls are
 * figures the server did not report.
 *
 * @param meanExecMs  totalExecMs ÷ calls over the window (null without calls)
 * @param restarted   the entry was evicted and made again, or reset, inside the window: its figures count
 *                    from then only
 */
public record StatementStats(Long queryid, long userid, boolean toplevel, String query, Long calls,
                             Double totalExecMs, Double meanExecMs, Long rows, Long sharedBlksHit,
                             Long sharedBlksRead, Long sharedBlksDirtied, Long sharedBlksWritten, Long walBytes,
                             Long walFpi, boolean restarted) {

    static StatementStats of(StatementSnapshot.Key key, String query, StatementCounters c, boolean restarted) {
        Double mean = c.calls() == null || c.calls() == 0 || c.totalExecMs() == null ? null : c.totalExecMs() / c.calls();
        return new StatementStats(key.queryid(), key.userid(), key.toplevel(), query, c.calls(), c.totalExecMs(), mean,
                c.rows(), c.sharedBlksHit(), c.sharedBlksRead(), c.sharedBlksDirtied(), c.sharedBlksWritten(),
                c.walBytes(), c.walFpi(), restarted);
    }

    StatementCounters counters() {
        return new StatementCounters(calls, totalExecMs, rows, sharedBlksHit, sharedBlksRead, sharedBlksDirtied,
                sharedBlksWritten, walFpi, walBytes);
    }
}
