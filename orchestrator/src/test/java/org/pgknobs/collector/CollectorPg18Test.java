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
            long roundsAtBegin = rounds(collector);
            for (int i = 0; i < 3; i++) {
                s.execute("insert into t values (" + i + ")");
                long before = rounds(collector);
                waitFor(() -> rounds(collector) > before); // a collector round between the workload's transactions
            }
            s.execute("select pg_stat_force_next_flush()"); // the 4th transaction, flushed with itself
            WindowStats w = collector.endWindow("measure");
            assertThat(w.derived().txns().source()).isEqualTo("pg_stat_database");
            assertThat(w.derived().txns().count()).isEqualTo(4);
            assertThat(w.missing()).isEmpty();
            assertThat(rounds(collector) - roundsAtBegin).as("collector rounds inside the window").isGreaterThanOrEqualTo(3);
        }
    }

    @Test
    void waitEventsOfBlockedClientBackendsAreSampledIntoTheWindow() throws Exception {
        ConnectionInfo ci = server.connection();
        try (Connection c = ci.connect(); Statement s = c.createStatement()) {
            s.execute("create table t (id int); insert into t values (0)");
        }
        CollectorSettings settings = CollectorSettings.defaults().withInterval(Duration.ofMillis(50));
        try (StatsCollector collector = StatsCollector.start(source(ci), settings);
             Connection holder = ci.connect(); Connection waiter = ci.connect()) {
            holder.setAutoCommit(false);
            try (Statement s = holder.createStatement()) {
                s.execute("update t set id = 1");
            }
            Thread blocked = new Thread(() -> {
                try (Statement s = waiter.createStatement()) {
                    s.execute("update t set id = 2");
                } catch (Exception ignored) {
                    // ends when the holder rolls back
                }
            });
            blocked.start();
            waitFor(() -> {
                try (Connection c = ci.connect(); Statement s = c.createStatement();
                     var rs = s.executeQuery("select count(*) from pg_stat_activity where wait_event_type = 'Lock'")) {
                    rs.next();
                    return rs.getInt(1) == 1;
                }
            });
            collector.beginWindow("measure");
            long begin = rounds(collector);
            waitFor(() -> rounds(collector) >= begin + 2); // sampling rounds while the waiter is blocked
            WindowStats w = collector.endWindow("measure");
            holder.rollback();
            blocked.join(10_000);

            assertThat(w.derived().waits().samples()).isPositive();
            assertThat(w.derived().waits().top().get(0).waitEventType()).isEqualTo("Lock");
            assertThat(w.derived().waits().top().get(0).waitEvent()).isEqualTo("transactionid");
            assertThat(w.derived().waits().top().get(0).share()).isEqualTo(1.0);
        }
    }

    @Test
    void anAutovacuumWorkerOnATestTableIsSeenWithItsPhaseAndAStartedRun() throws Exception {
        ConnectionInfo ci = server.connection();
        try (Connection c = ci.connect(); Statement s = c.createStatement()) {
            s.execute("alter system set autovacuum_naptime = '1s'");
            s.execute("select pg_reload_conf()");
            // throttled to a crawl (a 100 ms sleep after every page or so), so rounds 50 ms apart see the worker
            s.execute("create table av_probe (id int, pad text) with (autovacuum_enabled = false,"
                    + " autovacuum_vacuum_threshold = 0, autovacuum_vacuum_scale_factor = 0,"
                    + " autovacuum_vacuum_cost_delay = 100, autovacuum_vacuum_cost_limit = 1)");
            s.execute("insert into av_probe select g, repeat('x', 200) from generate_series(1, 3000) g");
        }
        CollectorSettings settings = CollectorSettings.defaults().withInterval(Duration.ofMillis(50));
        try (StatsCollector collector = StatsCollector.start(source(ci), settings);
             Connection c = ci.connect(); Statement s = c.createStatement()) {
            collector.beginWindow("measure");
            s.execute("delete from av_probe where id % 2 = 0");
            s.execute("alter table av_probe set (autovacuum_enabled = true)");
            s.execute("select pg_stat_force_next_flush()");
            waitFor(() -> {
                try (Connection q = ci.connect(); Statement qs = q.createStatement(); var rs = qs.executeQuery(
                        "select count(*) from pg_stat_progress_vacuum where relid = 'av_probe'::regclass")) {
                    rs.next();
                    return rs.getInt(1) == 1;
                }
            });
            long seen = rounds(collector);
            waitFor(() -> rounds(collector) >= seen + 2);
            WindowStats w = collector.endWindow("measure");

            AutovacuumActivity a = w.derived().autovacuum();
            AutovacuumActivity.Table t = a.tables().stream().filter(x -> x.table().equals("av_probe")).findFirst()
                    .orElseThrow(() -> new AssertionError("no av_probe in " + a));
            assertThat(t.started()).isEqualTo(1);
            assertThat(t.runningAtOpen()).isZero();
            assertThat(t.workerSeconds()).isPositive();
            assertThat(t.share()).isBetween(0.0, 1.0);
            assertThat(t.furthestPhase()).isIn(AutovacuumTally.VACUUM_PHASES);
            assertThat(t.heapBlksTotal()).isPositive();
            assertThat(a.startedRuns()).isGreaterThanOrEqualTo(1);
        }
    }

    private static long rounds(StatsCollector collector) {
        return collector.current().collector().rounds();
    }
}
