package org.pgknobs.report.statements;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * A step's top statements by server time (execution time summed over the measured window) beside the
 * compared step's. Nulls are figures not captured, never zero.
 *
 * @param against     the compared step's name (the step before in cumulative mode, the base in variants);
 *                    null for the base itself, or when the compared step has no statements.json
 * @param serverMs    execution time of every top-level statement in the window, ms
 * @param evictions   entries pg_stat_statements threw out inside the window (their calls are lost); null
 *                    before PostgreSQL 14
 * @param note        what limits the figures (evictions, a reset, the collector's own queries counted),
 *                    else null
 */
public record StatementTable(String phase, String against, double seconds, Double serverMs, Long evictions,
                             List<Row> top, String note) {

    public StatementTable {
        top = List.copyOf(top);
    }

    /**
     * One statement.
     *
     * @param statement   the normalized text shortened to one line
     * @param share       its execution time ÷ the window's {@code serverMs}
     * @param compared    the same statement in the compared step (in report.json as keys of the row)
     */
    public record Row(String statement, Long queryid, Double totalExecMs, Double share, Long calls,
                      Double callsPerSecond, Double meanExecMs, @JsonUnwrapped Compared compared, Long rows,
                      Long sharedBlksRead, Long walBytes) {
    }

    /**
     * @param meanBefore  its mean execution time in the compared step; null when that step did not run it
     * @param meanFactor  mean ÷ meanBefore
     * @param shareBefore its share of the compared step's server time
     */
    public record Compared(Double meanBefore, Double meanFactor, Double shareBefore) {
    }
}
