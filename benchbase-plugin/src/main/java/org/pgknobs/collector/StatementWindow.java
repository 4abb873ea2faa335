package org.pgknobs.collector;

import java.util.List;

/**
 * The statements of one measured window (statements.json's {@code windows}), taken from two snapshots of
 * pg_stat_statements where the window opened and closed; nothing is reset.
 *
 * @param evictions     pg_stat_statements_info.dealloc over the window: how often entries were thrown out to
 *                      make room (PostgreSQL 14+, else null); their calls inside the window are lost
 * @param reset         pg_stat_statements_reset() was called inside the window (its figures are then partial)
 * @param vanished      entries present when the window opened and gone when it closed
 * @param totals        the sum over the top-level statements (nested ones are inside their callers' time)
 * @param statements    every statement called inside the window, the most execution time first
 * @param missing       why the window has no statements (a snapshot failed), else null
 */
public record StatementWindow(String phase, long startMs, long endMs, double seconds, Long evictions, boolean reset,
                              int vanished, StatementCounters totals, List<StatementStats> statements, String missing) {

    public StatementWindow {
        statements = statements == null ? List.of() : List.copyOf(statements);
    }
}
