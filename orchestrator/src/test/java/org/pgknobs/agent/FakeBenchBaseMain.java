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
 * A BenchBase look-alike for the agent test: same command line, reads the same XML, runs a trivial
 * workload for warm-up + time seconds, writes {@code tpcc_<time>.summary.json} into -d and exits.
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
        FakeThreadBench.touch();
        long end = System.nanoTime() + (cfg.warmupSeconds() + cfg.measuredSeconds()) * 1_000_000_000L;
        try (Connection c = ConnectionSource.of(cfg.url(), cfg.username(), cfg.password()).open();
             Statement s = c.createStatement()) {
            s.execute("create table if not exists fake_work (id serial, t timestamptz default now())");
            while (System.nanoTime() < end) {
                s.execute("insert into fake_work default values");
                Thread.sleep(5);
            }
        }
        Files.createDirectories(cmd.resultsDir());
        Files.writeString(cmd.resultsDir().resolve("tpcc_2026-11-30_10-00-00.summary.json"),
                "{\"Benchmark Type\": \"tpcc\", \"Throughput (requests/second)\": 1.0}\n");
    }
}
