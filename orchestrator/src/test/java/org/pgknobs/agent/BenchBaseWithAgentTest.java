package org.pgknobs.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.benchbase.BenchBaseSummary;
import org.pgknobs.benchbase.SummaryReader;
import org.pgknobs.collector.PgStats;
import org.pgknobs.collector.PgStatsFiles;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.testing.TestServers;
import org.pgknobs.workload.benchbase.BenchBaseSetup;

/**
 * Real BenchBase TPC-C (scale 1, one terminal, a few seconds) with the agent attached. Needs an
 * unpacked BenchBase postgres build: BENCHBASE_HOME is the directory holding benchbase.jar.
 * Named *Test so surefire runs it; skipped (visibly) when BENCHBASE_HOME is not set.
 */
@EnabledIfEnvironmentVariable(named = "BENCHBASE_HOME", matches = ".+",
        disabledReason = "BENCHBASE_HOME not set: real BenchBase + agent run skipped")
class BenchBaseWithAgentTest {

    private ManagedServer server;

    @TempDir
    Path dir;

    @AfterEach
    void dispose() {
        TestServers.dispose(server);
    }

    @Test
    void realBenchBaseTpccRunGetsPgstatsBesideItsOwnFiles() throws Exception {
        Path home = Path.of(System.getenv("BENCHBASE_HOME")).toAbsolutePath();
        server = TestServers.started("benchbase-agent");
        ConnectionInfo ci = server.connection();
        Path cfg = dir.resolve("tpcc.xml");
        Files.writeString(cfg, """
                <?xml version="1.0"?>
                <parameters>
                    <type>POSTGRES</type>
                    <driver>org.postgresql.Driver</driver>
                    <url>%s?sslmode=disable&amp;ApplicationName=tpcc&amp;reWriteBatchedInserts=true</url>
                    <username>%s</username>
                    <password>%s</password>
                    <reconnectOnConnectionFailure>true</reconnectOnConnectionFailure>
                    <isolation>TRANSACTION_SERIALIZABLE</isolation>
                    <batchsize>128</batchsize>
                    <scalefactor>1</scalefactor>
                    <terminals>1</terminals>
                    <works>
                        <work>
                            <warmup>2</warmup>
                            <time>5</time>
                            <rate>unlimited</rate>
                            <weights>45,43,4,4,4</weights>
                        </work>
                    </works>
                    <transactiontypes>
                        <transactiontype><name>NewOrder</name></transactiontype>
                        <transactiontype><name>Payment</name></transactiontype>
                        <transactiontype><name>OrderStatus</name></transactiontype>
                        <transactiontype><name>Delivery</name></transactiontype>
                        <transactiontype><name>StockLevel</name></transactiontype>
                    </transactiontypes>
                </parameters>
                """.formatted(ci.jdbcUrl(), ci.user(), ci.password()));
        Path shaded = Path.of("..", "benchbase-plugin", "target", "pgknobs-benchbase-plugin.jar");
        Path agent = Files.exists(shaded) ? shaded.toAbsolutePath() : AgentJar.locate(dir.resolve("agent"));
        Path results = dir.resolve("results");
        Path log = dir.resolve("benchbase.log");
        // BenchBase is compiled for Java 23+: the same Java the process driver would pick.
        String java = BenchBaseSetup.from(home, null, System.getenv()).resolve().java().executable().toString();
        Process p = new ProcessBuilder(List.of(java,
                "-javaagent:" + agent + "=interval=1s", "-jar", home.resolve("benchbase.jar").toString(),
                "-b", "tpcc", "-c", cfg.toString(), "--create=true", "--load=true", "--execute=true",
                "-d", results.toString()))
                .directory(home.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertThat(p.waitFor(10, TimeUnit.MINUTES)).isTrue();
        String output = Files.readString(log);
        assertThat(p.exitValue()).as(output).isZero();

        Path summary;
        try (Stream<Path> files = Files.list(results)) {
            summary = files.filter(f -> f.getFileName().toString().endsWith(".summary.json")).findFirst().orElseThrow();
        }
        String prefix = summary.getFileName().toString().replace(".summary.json", "");
        assertThat(results.resolve(prefix + ".pgstats.json")).as(output).exists();
        assertThat(results.resolve(prefix + ".pgstats.csv")).exists();
        PgStats stats = PgStatsFiles.read(results.resolve(prefix + ".pgstats.json"));
        BenchBaseSummary bb = SummaryReader.read(summary);
        assertThat(bb.measuredRequests()).isPositive();
        assertThat(stats.window("measure").derived().txns().count()).isPositive();
        assertThat(stats.window("measure").derived().wal().bytes().total()).isPositive();
    }
}
