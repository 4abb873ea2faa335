package org.pgknobs.workload.insertbench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.pgknobs.server.ConnectionInfo;

/** Opens the benchmark's connections. */
final class Sessions {

    private Sessions() {
    }

    /**
     * An autocommit connection that sends SQL text as it is, in the simple query protocol, as psycopg2 does
     * for iibench.py: literal values, parsed and planned at every execution (PREPARE/EXECUTE where he uses it).
     */
    static Connection open(ConnectionInfo db) throws SQLException {
        Properties props = new Properties();
        props.setProperty("user", db.user());
        if (db.password() != null) {
            props.setProperty("password", db.password());
        }
        props.setProperty("ApplicationName", "pgknobs-insertbench");
        props.setProperty("connectTimeout", "10");
        props.setProperty("preferQueryMode", "simple");
        return DriverManager.getConnection(db.jdbcUrl(), props);
    }

    /** select min(transactionid) or max(transactionid) of a table; null (empty table) reads as 0, as he clamps it. */
    static long minOrMax(Statement s, int client, boolean min) throws SQLException {
        try (ResultSet rs = s.executeQuery("select " + (min ? "min" : "max") + "(transactionid) from "
                + InsertBenchSchema.table(client))) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
