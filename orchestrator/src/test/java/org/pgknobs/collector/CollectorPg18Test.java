package org.pgknobs.collector;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.testing.TestServers;

class CollectorPg18Test extends CollectorContract {

    @Override
    ManagedServer startServer() {
        return TestServers.started("collector18");
    }

    @Override
    int expectedMajor() {
        return 18;
    }

    @Test
    void transactionCountIsTheWorkloadsAloneWithTheCollectorsOwnRoundsTakenOut() throws Exception {
        server = startServer();
        ConnectionInfo ci = server.connection();
        try (Connection c = ci.connect(); Statement s = c.createStatement()) {
            // no autovacuum worker transactions in the window
            s.execute("alter system set autovacuum = off");
            s.execute("select pg_reload_conf()");
            s.execute("create table t (id int)");
        }
        CollectorSettings settings = CollectorSettings.defaults().withInterval(Duration.ofMillis(50));
        try (StatsCollector collector = StatsCollector.start(source(ci), settings);
             Connection c = ci.connect(); Statement s = c.createStatement()) {
            s.execute("select pg_stat_force_next_flush()");
            collector.beginWindow("measure");
            for (int i = 0; i < 3; i++) {
                s.execute("insert into t values (" + i + ")");
                Thread.sleep(100);
            }
            s.execute("select pg_stat_force_next_flush()"); // the 4th transaction, flushed with itself
            WindowStats w = collector.endWindow("measure");
            assertThat(w.derived().transactionsSource()).isEqualTo("pg_stat_database");
            assertThat(w.derived().transactions()).isEqualTo(4);
            assertThat(w.missing()).isEmpty();
            assertThat(collector.current().collector().rounds()).isGreaterThan(4);
        }
    }
}
