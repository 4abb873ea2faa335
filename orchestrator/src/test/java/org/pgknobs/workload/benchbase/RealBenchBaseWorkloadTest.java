package org.pgknobs.workload.benchbase;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.benchbase.BenchBaseConfig;
import org.pgknobs.benchbase.CsvFiles;
import org.pgknobs.collector.PgStatsFiles;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.testing.TestServers;
import org.pgknobs.workload.MeasurementListener;
import org.pgknobs.workload.ProgressListener;

/**
 * The process driver with a real BenchBase (1 warehouse, 1 terminal, seconds): BENCHBASE_HOME is the
 * unpacked benchbase-postgres directory. Skipped (visibly) when it is not set.
 */
@EnabledIfEnvironmentVariable(named = "BENCHBASE_HOME", matches = ".+",
        disabledReason = "BENCHBASE_HOME not set: the process driver with a real BenchBase is skipped")
class RealBenchBaseWorkloadTest {

    private ManagedServer server;

    @TempDir
    Path dir;

    @AfterEach
    void dispose() {
        TestServers.dispose(server);
    }

    @Test
    void realBenchBaseLoadsRunsAndLeavesTheBuiltInFileNamesWithAMeasuredWindow() throws Exception {
        server = TestServers.started("benchbase-real");
        ConnectionInfo ci = server.connection();
        BenchBaseLauncher launcher = BenchBaseSetup.from(null, null, System.getenv()).resolve();
        BenchBaseConfig config = BenchBaseConfig.tpcc(ci.jdbcUrl("tpcc") + "?sslmode=disable&reWriteBatchedInserts=true",
                ci.user(), ci.password(), 1, 1, BenchBaseConfig.WorkRate.UNLIMITED, 2, 5, BenchBaseConfig.TPCC_WEIGHTS,
                "TRANSACTION_SERIALIZABLE");
        BenchBaseWorkload w = new BenchBaseWorkload(config, launcher, "tpcc", BenchBaseWorkload.DEFAULT_AGENT_OPTIONS);
        w.load(ci, ProgressListener.NONE);
        Path step = dir.resolve("step");
        PhaseResult phase = w.run(ci, step, MeasurementListener.NONE).headline();
        String log = Files.readString(step.resolve("benchbase.log"));

        for (String f : new String[] {"tpcc.summary.json", "tpcc.samples.csv", "tpcc.raw.csv", "tpcc.params.json",
                "tpcc.config.xml", "tpcc.results.csv", "tpcc.results.NewOrder.csv", "pgstats.json", "pgstats.csv",
                "benchbase-config.xml"}) {
            assertThat(step.resolve(f)).as(f + "\n" + log).isRegularFile();
        }
        assertThat(step.resolve(BenchBaseWorkload.LIVE_CONFIG)).doesNotExist();
        assertThat(Files.readString(step.resolve("tpcc.config.xml"))).doesNotContain("<password>");
        assertThat(phase.completed()).isPositive();
        assertThat(phase.goodput()).isPositive();
        assertThat(phase.details().get("goodput_source").toString()).startsWith("BenchBase's summary.json");
        assertThat(phase.details().get("transactions_by_outcome").toString()).contains("Completed Transactions");
        assertThat(CsvFiles.readRaw(step.resolve("tpcc.raw.csv"))).isNotEmpty();
        assertThat(PgStatsFiles.read(step.resolve("pgstats.json")).window("measure").derived().txns().count()).isPositive();
        assertThat(Map.of("log", log).get("log")).contains("pgknobs agent:");
    }
}
