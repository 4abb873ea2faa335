package org.pgknobs.history;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.testing.TestServers;

/** The store contract on a PostgreSQL database of the embedded server: a new database per test. */
class PostgresHistoryStoreTest extends HistoryStoreContract {

    private static ManagedServer server;
    private static int databases;

    @BeforeAll
    static void start() {
        server = TestServers.started("history");
    }

    @AfterAll
    static void stop() {
        TestServers.dispose(server);
    }

    @Override
    HistoryLocation freshStore() throws Exception {
        String db = "history_" + ++databases;
        ConnectionInfo info = server.connection();
        try (Connection c = info.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + db);
        }
        return new HistoryLocation("jdbc:postgresql://" + info.host() + ":" + info.port() + "/" + db + "?user="
                + URLEncoder.encode(info.user(), StandardCharsets.UTF_8) + "&password="
                + URLEncoder.encode(info.password(), StandardCharsets.UTF_8));
    }
}
