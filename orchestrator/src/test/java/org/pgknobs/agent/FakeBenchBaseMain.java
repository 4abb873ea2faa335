package org.pgknobs.agent;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.pgknobs.benchbase.BenchBaseConfig;
import org.pgknobs.benchbase.BenchBaseXml;
import org.pgknobs.collector.ConnectionSource;

/**
 * A BenchBase look-alike for the agent test: same command line, reads the same XML, waits until the
 * agent's collector is connected (as real BenchBase's setup outlasts it), then runs a trivial workload
 * until the file named by {@code -Dfake.stop} appears (the test creates it once the agent says the window
 * closed; at most 120 s), writes {@code tpcc_<time>.summary.json} into -d and exits. Nothing here
 * depends on how fast the machine is.
 */
public final class FakeBenchBaseMain {

    private FakeBenchBaseMain() {
    }

    public static void main(String[] args) throws Exception {
        BenchBaseCommandLine cmd = BenchBaseCommandLine.parse(List.of(args));
        if (!cmd.execute()) {
            return;
        }
        BenchBaseConfig cfg = BenchBaseXml.read(cmd.config());
        Path stop = Path.of(System.getProperty("fake.stop"));
        long cap = System.nanoTime() + 120_000_000_000L;
        try (Connection c = ConnectionSource.of(cfg.url(), cfg.username(), cfg.password()).open();
             Statement s = c.createStatement()) {
            s.execute("create table if not exists fake_work (id serial, t timestamptz default now())");
            while (!collectorConnected(s) && System.nanoTime() < cap) {
                s.execute("select pg_sleep(0.05)");
            }
            FakeThreadBench.touch();
            while (!Files.exists(stop) && System.nanoTime() < cap) {
                s.execute("insert into fake_work default values");
            }
        }
        Files.createDirectories(cmd.resultsDir());
        Files.writeString(cmd.resultsDir().resolve("tpcc_2026-11-30_10-00-00.summary.json"),
                "{\"Benchmark Type\": \"tpcc\", \"Throughput (requests/second)\": 1.0}\n");
    }

    private static boolean collectorConnected(Statement s) throws Exception {
        try (var rs = s.executeQuery("select count(*) from pg_stat_activity where application_name = 'pgknobs collector'")) {
            rs.next();
            return rs.getInt(1) > 0;
        }
    }
}
