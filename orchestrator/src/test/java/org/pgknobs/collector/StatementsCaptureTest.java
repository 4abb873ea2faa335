package org.pgknobs.collector;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.testing.TestServers;

/**
 * statements.json on the real server: the window holds exactly the statements this test ran inside it, with
 * their calls and rows, and neither the collector's own rounds nor what ran before the window opened.
 */
class StatementsCaptureTest {

    private ManagedServer server;

    @TempDir
    Path out;

    @AfterEach
    void dispose() {
        TestServers.dispose(server);
    }

    @Test
    void theWindowHoldsExactlyTheStatementsRunInsideItWithTheirCallsAndRows() throws Exception {
        server = TestServers.started("statements");
        ConnectionInfo ci = server.connection();
        try (Connection c = ci.connect(); Statement s = c.createStatement()) {
            s.execute("alter system set shared_preload_libraries = 'pg_stat_statements'");
            s.execute("alter system set autovacuum = off");
        }
        server.restart();
        CollectorSettings settings = CollectorSettings.defaults().withInterval(Duration.ofMillis(50)).withOutput(out, "");
        try (StatsCollector collector = StatsCollector.start(CollectorContract.source(ci), settings);
             Connection c = ci.connect(); Statement s = c.createStatement()) {
            s.execute("create table t (id int primary key, v text)");
            s.execute("insert into t select g, 'x' from generate_series(1, 100) g"); // before the window: not in it
            collector.beginWindow("measure");
            try (PreparedStatement insert = c.prepareStatement("insert into t values (?, 'y')");
                 PreparedStatement range = c.prepareStatement("select v from t where id between ? and ?")) {
                for (int i = 0; i < 3; i++) {
                    insert.setInt(1, 1000 + i);
                    insert.executeUpdate();
                }
                for (int i = 0; i < 7; i++) {
                    range.setInt(1, 1);
                    range.setInt(2, 1 + i);
                    try (ResultSet rs = range.executeQuery()) {
                        while (rs.next()) {
                            rs.getString(1);
                        }
                    }
                }
            }
            long roundsBefore = collector.current().collector().rounds();
            CollectorContract.waitFor(() -> collector.current().collector().rounds() > roundsBefore + 2);
            collector.endWindow("measure");
        }
        StatementsDocument doc = StatementsFiles.read(out).orElseThrow();
        assertThat(doc.unavailable()).isNull();
        assertThat(doc.ownQueriesExcluded()).isTrue();
        assertThat(doc.extensionVersion()).isNotBlank();
        StatementWindow w = doc.window("measure").orElseThrow();
        assertThat(w.missing()).isNull();
        assertThat(w.statements()).extracting(StatementStats::query)
                .containsExactlyInAnyOrder("insert into t values ($1, $2)", "select v from t where id between $1 and $2");
        StatementStats insert = w.statements().stream().filter(st -> st.query().startsWith("insert")).findFirst().orElseThrow();
        StatementStats range = w.statements().stream().filter(st -> st.query().startsWith("select")).findFirst().orElseThrow();
        assertThat(insert.calls()).isEqualTo(3);
        assertThat(insert.rows()).isEqualTo(3);
        assertThat(insert.walBytes()).isPositive();
        assertThat(range.calls()).isEqualTo(7);
        assertThat(range.rows()).isEqualTo(1 + 2 + 3 + 4 + 5 + 6 + 7);
        assertThat(range.sharedBlksHit()).isPositive();
        assertThat(range.meanExecMs()).isEqualTo(range.totalExecMs() / 7);
        assertThat(w.evictions()).isZero();
        assertThat(w.totals().calls()).isEqualTo(10);
    }
}
