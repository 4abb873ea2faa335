package org.pgknobs.overlay;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.pgknobs.server.Server;

/**
 * What a server's postgresql.auto.conf held before pgknobs touched it (from pg_file_settings), so an
 * external server can be handed back exactly as it was: after the run, after a failure, or on Ctrl-C.
 */
public record AutoConfState(List<Entry> entries) {

    public record Entry(String name, String setting) {
    }

    public AutoConfState {
        entries = List.copyOf(entries);
    }

    public static AutoConfState capture(Server server) {
        String sql = "SELECT name, setting FROM pg_file_settings "
                + "WHERE sourcefile LIKE '%postgresql.auto.conf' ORDER BY seqno";
        try (Connection c = server.connection().connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(sql)) {
            List<Entry> entries = new ArrayList<>();
            while (rs.next()) {
                entries.add(new Entry(rs.getString(1), rs.getString(2)));
            }
            return new AutoConfState(entries);
        } catch (SQLException e) {
            throw new OverlayException("cannot read pg_file_settings of " + server.describe()
                    + " (needs a superuser or pg_read_all_settings): " + e.getMessage(), e);
        }
    }

    /** Puts postgresql.auto.conf back to this state, reloads, and restarts if a restart-only value differs. */
    public boolean restore(Server server) {
        try {
            try (Connection c = server.connection().connect()) {
                AlterSystem.resetAll(c);
                for (Entry e : entries) {
                    AlterSystem.set(c, e.name(), e.setting());
                }
            }
            AlterSystem.reload(server);
            if (!AlterSystem.catalog(server).pendingRestart().isEmpty()) {
                server.restart();
                return true;
            }
            return false;
        } catch (SQLException e) {
            throw new OverlayException("restoring postgresql.auto.conf of " + server.describe() + " failed: "
                    + e.getMessage() + "; it should hold: " + entries, e);
        }
    }
}
