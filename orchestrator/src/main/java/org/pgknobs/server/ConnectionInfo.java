package org.pgknobs.server;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;

/**
 * Where a server listens and how to log in. The password is kept out of {@link #toString()} and
 * {@link #jdbcUrl()} so it cannot leak into logs, reports or copied configs.
 */
public record ConnectionInfo(String host, int port, String database, String user, String password) {

    public String jdbcUrl() {
        return jdbcUrl(database);
    }

    public String jdbcUrl(String db) {
        return "jdbc:postgresql://" + host + ":" + port + "/" + db;
    }

    public ConnectionInfo withDatabase(String db) {
        return new ConnectionInfo(host, port, db, user, password);
    }

    public Connection connect() throws SQLException {
        return connect(database);
    }

    public Connection connect(String db) throws SQLException {
        return connect(db, Map.of());
    }

    /** With extra pgjdbc properties (e.g. a BenchBase URL's reWriteBatchedInserts); user and password stay ours. */
    public Connection connect(String db, Map<String, String> properties) throws SQLException {
        Properties props = new Properties();
        props.putAll(properties);
        props.setProperty("user", user);
        if (password != null) {
            props.setProperty("password", password);
        }
        props.putIfAbsent("ApplicationName", "pgknobs");
        props.setProperty("connectTimeout", "10");
        return DriverManager.getConnection(jdbcUrl(db), props);
    }

    @Override
    public String toString() {
        return "ConnectionInfo[" + jdbcUrl() + ", user=" + user + "]";
    }
}
