package org.pgknobs.collector;

/**
 * One pg_stat_statements entry's cumulative counters (or their difference over a window). A null is a
 * figure the server did not report, never zero; {@code plans} is null where the extension does not count plan calls.
 */
public record StatementCounters(Long calls, Double totalExecMs, Long rows, Long sharedBlksHit, Long sharedBlksRead,
                                Long sharedBlksDirtied, Long sharedBlksWritten, Long walFpi, Long walBytes,
                                PlanCalls plans) {

    public static final StatementCounters ZERO = new StatementCounters(0L, 0.0, 0L, 0L, 0L, 0L, 0L, 0L, 0L,
            new PlanCalls(0, 0));

    /** Counters of a server without plan-cache figures (its pg_stat_statements has no plan calls). */
    public StatementCounters(Long calls, Double totalExecMs, Long rows, Long sharedBlksHit, Long sharedBlksRead,
                             Long sharedBlksDirtied, Long sharedBlksWritten, Long walFpi, Long walBytes) {
        this(calls, totalExecMs, rows, sharedBlksHit, sharedBlksRead, sharedBlksDirtied, sharedBlksWritten, walFpi,
                walBytes, null);
    }

    /** {@code this − before}; a figure null on either side stays null. */
    StatementCounters minus(StatementCounters before) {
        return new StatementCounters(minus(calls, before.calls), minus(totalExecMs, before.totalExecMs),
                minus(rows, before.rows), minus(sharedBlksHit, before.sharedBlksHit),
                minus(sharedBlksRead, before.sharedBlksRead), minus(sharedBlksDirtied, before.sharedBlksDirtied),
                minus(sharedBlksWritten, before.sharedBlksWritten), minus(walFpi, before.walFpi),
                minus(walBytes, before.walBytes), plans == null || before.plans == null ? null : plans.minus(before.plans));
    }

    StatementCounters plus(StatementCounters other) {
        return new StatementCounters(plus(calls, other.calls), plus(totalExecMs, other.totalExecMs),
                plus(rows, other.rows), plus(sharedBlksHit, other.sharedBlksHit),
                plus(sharedBlksRead, other.sharedBlksRead), plus(sharedBlksDirtied, other.sharedBlksDirtied),
                plus(sharedBlksWritten, other.sharedBlksWritten), plus(walFpi, other.walFpi), plus(walBytes, other.walBytes),
                plans == null ? null : plans.plus(other.plans));
    }

    /** A counter below its earlier value: the entry was evicted and made again, or reset, inside the window. */
    boolean anyBelow(StatementCounters before) {
        return below(calls, before.calls) || below(totalExecMs, before.totalExecMs) || below(rows, before.rows)
                || plans != null && plans.below(before.plans);
    }

    private static boolean below(Number now, Number then) {
        return now != null && then != null && now.doubleValue() < then.doubleValue();
    }

    private static Long minus(Long a, Long b) {
        return a == null || b == null ? null : a - b;
    }

    private static Double minus(Double a, Double b) {
        return a == null || b == null ? null : a - b;
    }

    private static Long plus(Long a, Long b) {
        return a == null || b == null ? null : a + b;
    }

    private static Double plus(Double a, Double b) {
        return a == null || b == null ? null : a + b;
    }
}
