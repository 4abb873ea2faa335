package org.pgknobs.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.collector.PgStats;
import org.pgknobs.collector.PgStatsFiles;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.testing.TestServers;

/** The agent attached to a separate JVM with a BenchBase-like command line. */
class CollectorAgentProcessTest {

    private static ManagedServer server;

    @TempDir
    Path dir;

    @BeforeAll
    static void startServer() {
        server = TestServers.started("agent");
    }

    @AfterAll
    static void stopServer() {
        TestServers.dispose(server);
    }

    static Path writeConfig(Path dir, ConnectionInfo ci, int warmup, int time) throws Exception {
        Path cfg = dir.resolve("cfg.xml");
        Files.writeString(cfg, """
                <?xml version="1.0"?>
                <parameters>
                    <type>POSTGRES</type>
                    <driver>org.postgresql.Driver</driver>
                    <url>%s</url>
                    <username>%s</username>
                    <password>%s</password>
                    <isolation>TRANSACTION_READ_COMMITTED</isolation>
                    <scalefactor>1</scalefactor>
                    <terminals>1</terminals>
                    <works>
                        <work>
                            <warmup>%d</warmup>
                            <time>%d</time>
                            <rate>unlimited</rate>
                            <weights>45,43,4,4,4</weights>
                        </work>
                    </works>
                </parameters>
                """.formatted(ci.jdbcUrl(), ci.user(), ci.password(), warmup, time));
        return cfg;
    }

    private Process launch(Path cfg, Path results, boolean execute, Path log) throws Exception {
        Path agentJar = AgentJar.locate(dir.resolve("agent"));
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-javaagent:" + agentJar + "=interval=200ms,start-class=" + FakeThreadBench.class.getName(),
                "-Dfake.stop=" + dir.resolve("stop"),
                "-cp", System.getProperty("java.class.path"),
                FakeBenchBaseMain.class.getName(), "-b", "tpcc", "-c", cfg.toString(), "-d", results.toString()));
        if (execute) {
            cmd.add("--execute=true");
        }
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    @Test
    void writesBothFilesUnderBenchBasesPrefixIntoTheResultsDirectory() throws Exception {
        Path cfg = writeConfig(dir, server.connection(), 1, 2);
        Path results = dir.resolve("results");
        Path log = dir.resolve("agent.log");
        Process p = launch(cfg, results, true, log);
        // The fake works until told to stop; tell it once the agent has closed its window, however slow
        // the machine made that.
        awaitLog(p, log, "pgknobs agent: measured window closed");
        Files.createFile(dir.resolve("stop"));
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("fake BenchBase finished").isTrue();
        String output = Files.readString(log);
        assertThat(p.exitValue()).as(output).isZero();

        Path json = results.resolve("tpcc_2026-11-30_10-00-00.pgstats.json");
        Path csv = results.resolve("tpcc_2026-11-30_10-00-00.pgstats.csv");
        assertThat(json).as(output).exists();
        assertThat(csv).exists();
        try (Stream<Path> files = Files.list(results)) {
            assertThat(files.map(f -> f.getFileName().toString())).noneMatch(n -> n.startsWith("pgknobs-agent-"));
        }
        PgStats stats = PgStatsFiles.read(json);
        var window = stats.window("measure");
        assertThat(window.seconds()).isPositive();
        assertThat(window.derived().txns().count()).isPositive();
        assertThat(window.derived().wal().bytes().total()).isPositive();
        assertThat(Files.readAllLines(csv)).anyMatch(l -> l.contains(",measure,pg_stat_database.xact_commit,"));
    }

    private static void awaitLog(Process p, Path log, String text) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!(Files.exists(log) && Files.readString(log).contains(text))) {
            if (!p.isAlive() || System.nanoTime() > deadline) {
                throw new AssertionError("no '" + text + "' (" + (p.isAlive() ? "120 s passed" : "process ended")
                        + "):\n" + (Files.exists(log) ? Files.readString(log) : ""));
            }
            p.waitFor(50, TimeUnit.MILLISECONDS);
        }
    }

    @Test
    void doesNothingButLogWithoutExecuteTrue() throws Exception {
        Path cfg = writeConfig(dir, server.connection(), 0, 1);
        Path results = dir.resolve("results");
        Path log = dir.resolve("agent.log");
        Process p = launch(cfg, results, false, log);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String output = Files.readString(log);
        assertThat(output).contains("pgknobs agent: no --execute=true");
        assertThat(results.toFile().list()).satisfiesAnyOf(
                l -> assertThat(l).isNull(),
                l -> assertThat(l).noneMatch(n -> n.contains("pgstats")));
    }
}
