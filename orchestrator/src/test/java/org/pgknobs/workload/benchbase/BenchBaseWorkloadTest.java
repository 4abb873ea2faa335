package org.pgknobs.workload.benchbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.benchbase.BenchBaseConfig;
import org.pgknobs.benchbase.BenchBaseXml;
import org.pgknobs.benchbase.CsvFiles;
import org.pgknobs.benchbase.SummaryReader;
import org.pgknobs.collector.PgStats;
import org.pgknobs.collector.PgStatsFiles;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.results.WorkloadResult;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.testing.TestServers;
import org.pgknobs.workload.MeasurementListener;
import org.pgknobs.workload.ProgressListener;
import org.pgknobs.workload.WorkloadException;

/**
 * The process driver end to end on a real server, with a fake BenchBase packaged as benchbase.jar
 * (see {@link FakeBenchBase}) and the real collector agent attached.
 */
class BenchBaseWorkloadTest {

    private static final String AGENT = "interval=500ms,start-class=" + FakeBenchBaseExecution.class.getName();

    private static ManagedServer server;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() {
        server = TestServers.started("benchbase-driver");
    }

    @AfterAll
    static void stop() {
        TestServers.dispose(server);
    }

    private BenchBaseWorkload workload(ConnectionInfo ci, Map<String, String> extra) throws Exception {
        Path home = dir.resolve("benchbase-home");
        FakeBenchBaseJar.write(home);
        // No JAVA_HOME and an empty JVM directory: the fake, built for this build's release, must run on
        // whatever JDK runs the tests (CI images carry 17 or 21), which the search finds last.
        Path noJdks = Files.createDirectories(dir.resolve("no-jdks"));
        BenchBaseLauncher launcher = BenchBaseSetup.from(home, null, Map.of()).withJvmDirs(List.of(noJdks)).resolve();
        assertThat(launcher.java().executable().toRealPath())
                .isEqualTo(Path.of(System.getProperty("java.home"), "bin", "java").toRealPath());
        BenchBaseConfig base = BenchBaseConfig.tpcc(ci.jdbcUrl("tpcc") + "?sslmode=disable", ci.user(), "s3cret-pw", 3, 1,
                BenchBaseConfig.WorkRate.UNLIMITED, 1, 2, BenchBaseConfig.TPCC_WEIGHTS, "TRANSACTION_READ_COMMITTED");
        BenchBaseConfig config = new BenchBaseConfig(base.type(), base.driver(), base.url(), base.username(),
                ci.password() != null ? ci.password() : base.password(), base.isolation(), base.batchSize(),
                base.scaleFactor(), base.terminals(), base.works(), base.transactionTypes(), extra);
        return new BenchBaseWorkload(config, launcher, "tpcc", AGENT);
    }

    @Test
    void loadsOnceThenRunsBenchBaseWithTheAgentAndKeepsItsFilesUnderTheBuiltInNames() throws Exception {
        ConnectionInfo ci = server.connection();
        BenchBaseWorkload w = workload(ci, Map.of());
        w.load(ci, ProgressListener.NONE);
        try (Connection c = ci.connect("tpcc"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM fake_tpcc")) {
            rs.next();
            assertThat(rs.getInt(1)).as("--create and --load ran against the config's database").isEqualTo(3);
        }

        Path step = dir.resolve("steps").resolve("01-base");
        List<String> events = new ArrayList<>();
        WorkloadResult result = w.run(ci, step, new MeasurementListener() {
            @Override
            public void phaseStarted(String phase) {
                events.add("start " + phase);
            }

            @Override
            public void phaseEnded(String phase) {
                events.add("end " + phase);
            }
        });

        assertThat(events).containsExactly("start tpcc", "end tpcc");
        assertThat(step.resolve("tpcc.summary.json")).exists();
        assertThat(step.resolve("tpcc.samples.csv")).exists();
        assertThat(step.resolve("tpcc.raw.csv")).exists();
        assertThat(step.resolve("tpcc.params.json")).exists();
        assertThat(step.resolve("pgstats.json")).as(Files.readString(step.resolve("benchbase.log"))).exists();
        assertThat(step.resolve("pgstats.csv")).exists();
        assertThat(step.resolve(BenchBaseWorkload.LIVE_CONFIG)).as("live config deleted").doesNotExist();
        try (var files = Files.list(step)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("tpcc_"));
        }
        String log = Files.readString(step.resolve("benchbase.log"));
        assertThat(log).contains("--execute=true").contains("-javaagent:").doesNotContain("s3cret-pw");

        String redacted = Files.readString(step.resolve("benchbase-config.xml"));
        assertThat(redacted).doesNotContain("<password>");
        BenchBaseConfig kept = BenchBaseXml.read(redacted, "benchbase-config.xml");
        assertThat(kept.endpoint().port()).isEqualTo(ci.port());
        assertThat(kept.endpoint().database()).isEqualTo("tpcc");
        assertThat(Files.readString(step.resolve("tpcc.config.xml"))).contains("<url>").doesNotContain("<password>");

        PgStats stats = PgStatsFiles.read(step.resolve("pgstats.json"));
        assertThat(stats.window("measure").derived().txns().count()).isPositive();

        PhaseResult phase = result.headline();
        assertThat(result.driver()).isEqualTo("benchbase");
        long rawRows = CsvFiles.readRaw(step.resolve("tpcc.raw.csv")).size();
        assertThat(rawRows).isPositive();
        assertThat(phase.completed()).isEqualTo(SummaryReader.read(step.resolve("tpcc.summary.json")).measuredRequests());
        assertThat(phase.seconds()).isEqualTo(2.0);
        assertThat(phase.latencyMs()).isNotNull();
        // raw.csv cannot tell successes from retried attempts: goodput is BenchBase's own, and says so.
        assertThat((String) phase.details().get("goodput_source")).startsWith("BenchBase's summary.json").contains("#606");
        assertThat(phase.goodput()).isEqualTo((Double) phase.details().get("benchbase_goodput"));
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Number>> outcomes = (Map<String, Map<String, Number>>) phase.details().get("transactions_by_outcome");
        assertThat(outcomes.get("Rejected Transactions (Server Retry)")).containsEntry("NewOrder", 7L).containsEntry("Payment", 3L);
        assertThat(outcomes.get("Completed Transactions").get("NewOrder").longValue()).isPositive();
    }

    @Test
    void aFailingBenchBaseIsAWorkloadErrorWithItsLogAndLeavesNoPasswordBehind() throws Exception {
        ConnectionInfo ci = server.connection();
        BenchBaseWorkload w = workload(ci, Map.of("fakeExitCode", "3"));
        Path step = dir.resolve("step");
        assertThatThrownBy(() -> w.run(ci, step, MeasurementListener.NONE))
                .isInstanceOf(WorkloadException.class)
                .hasMessageContaining("exited with code 3")
                .hasMessageContaining("failing on purpose");
        assertThat(step.resolve(BenchBaseWorkload.LIVE_CONFIG)).doesNotExist();
        assertThat(step.resolve("benchbase.log")).exists();
        assertThat(step.resolve("benchbase-config.xml")).exists();
    }

    @Test
    void timeoutCoversWarmupAndTimeWithAGenerousMargin() throws Exception {
        BenchBaseWorkload w = workload(server.connection(), Map.of());
        assertThat(w.timeout().toSeconds()).isGreaterThanOrEqualTo(1 + 2 + 600);
    }
}
