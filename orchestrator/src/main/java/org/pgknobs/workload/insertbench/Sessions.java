package org.pgknobs.workload.insertbench;

import java.sql.Connection;
import java.sql.SQLException;
import org.pgknobs.server.ConnectionInfo;
import org.postgresql.PGConnection;

/** Opens the benchmark's connections. */
final class Sessions {

    private Sessions() {
    }

    /**
     * A connection whose statements are planned at every execution with their actual values, as
     * iibench.py's literal SQL is. Server-side prepared statements with generic plans would skip the
     * planner's per-statement work (e.g. get_actual_variable_range probing the index end that the deletes
     * keep emptying), which is part of what this benchmark measures.
     */
    static Connection open(ConnectionInfo db) throws SQLException {
        Connection c = db.connect();
        c.unwrap(PGConnection.class).setPrepareThreshold(0);
        return c;
    }
}
