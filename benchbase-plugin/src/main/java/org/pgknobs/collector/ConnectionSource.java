package org.pgknobs.collector;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;

/** Opens the collector's dedicated connection (again, after the server restarted or dropped it). */
@FunctionalInterface
public interface ConnectionSource {

    Connection open() throws SQLException;

    /**
     * pgjdbc's driver used directly rather than through DriverManager, which only hands out drivers
     * visible to the caller's class loader: inside a BenchBase process the agent's classes and
     * BenchBase's may come from different loaders.
     */
    static ConnectionSource of(String jdbcUrl, Properties properties) {
        Properties props = new Properties();
        props.putAll(properties);
        props.putIfAbsent("ApplicationName", "pgknobs collector");
        props.putIfAbsent("connectTimeout", "10");
        return () -> {
            Connection c = new org.postgresql.Driver().connect(jdbcUrl, props);
            if (c == null) {
                throw new SQLException("not a PostgreSQL JDBC url: " + jdbcUrl);
            }
            return c;
        };
    }

    static ConnectionSource of(String jdbcUrl, String user, String password) {
        Properties p = new Properties();
        if (user != null) {
            p.setProperty("user", user);
        }
        if (password != null) {
            p.setProperty("password", password);
        }
        return of(jdbcUrl, p);
    }
}
