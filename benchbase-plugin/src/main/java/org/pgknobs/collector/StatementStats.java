package org.pgknobs.collector;

/**
 * One statement in statements.json: what the benchmark database's entry of pg_stat_statements counted
 * inside one measured window. Times in milliseconds of execution (planning not included); nulls are
 * figures the server did not report.
 *
 * @param meanExecMs  totalExecMs ÷ calls over the window (null without calls)
 * @param restarted   the entry was evicted and made again, or reset, inside the window: its figures count
 *                    from then only
 * @param plans       calls by a generic and by a custom plan (where the installed pg_stat_statements has the columns), else null
 */
public record StatementStats(Long queryid, long userid, boolean toplevel, String query, Long calls,
                             Double totalExecMs, Double meanExecMs, Long rows, Long sharedBlksHit,
                             Long sharedBlksRead, Long sharedBlksDirtied, Long sharedBlksWritten, Long walBytes,
                             Long walFpi, boolean restarted, PlanCalls plans) {

    /** A statement of a server without plan-cache figures (its pg_stat_statements has no plan calls). */
    public StatementStats(Long queryid, long userid, boolean toplevel, String query, Long calls, Double totalExecMs,
                          Double meanExecMs, Long rows, Long sharedBlksHit, Long sharedBlksRead, Long sharedBlksDirtied,
                          Long sharedBlksWritten, Long walBytes, Long walFpi, boolean restarted) {
        this(queryid, userid, toplevel, query, calls, totalExecMs, meanExecMs, rows, sharedBlksHit, sharedBlksRead,
                sharedBlksDirtied, sharedBlksWritten, walBytes, walFpi, restarted, null);
    }

    static StatementStats of(StatementSnapshot.Key key, String query, StatementCounters c, boolean restarted) {
        Double mean = c.calls() == null || c.calls() == 0 || c.totalExecMs() == null ? null : c.totalExecMs() / c.calls();
        return new StatementStats(key.queryid(), key.userid(), key.toplevel(), query, c.calls(), c.totalExecMs(), mean,
                c.rows(), c.sharedBlksHit(), c.sharedBlksRead(), c.sharedBlksDirtied(), c.sharedBlksWritten(),
                c.walBytes(), c.walFpi(), restarted, c.plans());
    }

    StatementCounters counters() {
        return new StatementCounters(calls, totalExecMs, rows, sharedBlksHit, sharedBlksRead, sharedBlksDirtied,
                sharedBlksWritten, walFpi, walBytes, plans);
    }
}
