package org.pgknobs.sidebyside.insertbench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.stats.Stats;

/**
 * Server-side cost of the insert benchmark's statements from pg_stat_statements, for the side-by-side
 * check: mean execution ms per INSERT and per DELETE of one database since the last reset. Set beside the
 * wall time per statement, it splits a step's time into the server's part and the driver's part.
 */
public final class InsertBenchStatementCosts {

    private final ConnectionInfo admin;

    public InsertBenchStatementCosts(ConnectionInfo admin) {
        this.admin = admin;
    }

    /** Loads pg_stat_statements (needs shared_preload_libraries and a restart first). */
    public void install() throws SQLException {
        try (Connection c = admin.connect(); Statement s = c.createStatement()) {
            s.execute("create extension if not exists pg_stat_statements");
        }
    }

    void reset() {
        try (Connection c = admin.connect(); Statement s = c.createStatement()) {
            s.execute("select pg_stat_statements_reset()");
        } catch (SQLException e) {
            throw new IllegalStateException("pg_stat_statements_reset failed: " + e.getMessage(), e);
        }
    }

    /**
     * {"insert_ms": mean exec ms per INSERT, "inserts": calls, "delete_ms", "deletes", "create_index_total_ms"}
     * in {@code database}.
     */
    Map<String, Double> read(String database) {
        Map<String, Double> out = new LinkedHashMap<>();
        try (Connection c = admin.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select case when p.query ilike 'insert into pi%' then 'insert' "
                     + "when p.query ilike 'delete from pi%' then 'delete' else 'create_index' end, "
                     + "sum(calls), sum(total_exec_time) from pg_stat_statements p join pg_database d on d.oid = p.dbid "
                     + "where d.datname = '" + database + "' and (p.query ilike 'insert into pi%' or p.query ilike "
                     + "'delete from pi%' or p.query ilike 'create index%') group by 1 order by 1 desc")) {
            while (rs.next()) {
                long calls = rs.getLong(2);
                if (rs.getString(1).equals("create_index")) {
                    // l.x: the server's time for all its CREATE INDEX statements, the like-for-like figure
                    out.put("create_index_total_ms", Stats.round1(rs.getDouble(3)));
                    continue;
                }
                out.put(rs.getString(1) + "_ms", calls == 0 ? 0 : Stats.round3(rs.getDouble(3) / calls));
                out.put(rs.getString(1) + "s", (double) calls);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read pg_stat_statements: " + e.getMessage(), e);
        }
        return out;
    }
}
