package org.pgknobs.workload;

import java.sql.SQLException;
import java.util.List;
import java.util.function.Supplier;
import org.postgresql.core.Parser;

/**
 * One distinct statement a workload sends, for the plan capture: a stable name ("NewOrder.getStock"), its
 * SQL as the server receives it ({@code $1, $2 ...} where the driver binds parameters; literals where the
 * workload writes them into the text) and a draw of arguments for its parameters made the way the workload
 * draws them, for servers that cannot plan without values (PostgreSQL before 16 has no GENERIC_PLAN).
 */
public record WorkloadStatement(String name, String sql, Supplier<List<Object>> arguments) {

    /**
     * A statement a JDBC driver prepares: its {@code ?} become {@code $1, $2 ...} by pgjdbc's own parser, so the
     * text is the one the server receives (and pg_stat_statements shows).
     */
    public static WorkloadStatement jdbc(String name, String jdbcSql, Supplier<List<Object>> arguments) {
        try {
            return new WorkloadStatement(name, Parser.parseJdbcSql(jdbcSql, true, true, false, false, false).get(0).nativeSql,
                    arguments);
        } catch (SQLException e) {
            throw new IllegalArgumentException("statement " + name + " is not valid JDBC SQL: " + e.getMessage(), e);
        }
    }

    /** A statement without parameters (its values are literals in the text). */
    public static WorkloadStatement literal(String name, String sql) {
        return new WorkloadStatement(name, sql, List::of);
    }
}
