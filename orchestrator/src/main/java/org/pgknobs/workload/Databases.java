package org.pgknobs.workload;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.pgknobs.server.ConnectionInfo;

/** The benchmark database itself, which workloads create on the server they are given. */
public final class Databases {

    private Databases() {
    }

    public static boolean exists(ConnectionInfo admin, String name) throws SQLException {
        try (Connection c = admin.connect();
             PreparedStatement st = c.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            st.setString(1, name);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next();
            }
        }
    }

    /** CREATE DATABASE unless it exists (the name is quoted as an identifier, never spliced raw). */
    public static void createIfMissing(ConnectionInfo admin, String name) throws SQLException {
        if (exists(admin, name)) {
            return;
        }
        try (Connection c = admin.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE \"" + name.replace("\"", "\"\"") + "\"");
        }
    }
}
