package org.pgknobs.run.capture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.benchbase.BenchBaseConfig;
import org.pgknobs.results.StepPlans;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.PgBinaries;
import org.pgknobs.testing.TestServers;
import org.pgknobs.workload.insertbench.InsertBenchConfig;
import org.pgknobs.workload.insertbench.InsertBenchWorkload;
import org.pgknobs.workload.tpcc.TpccWorkload;

/**
 * The plan capture on real servers: the TPC-C schema (keys, no rows, so it takes a second), planned once
 * with the defaults and once with the article's index step (random_page_cost and cpu_index_tuple_cost
 * 1e300, set on the database so that only new sessions see them). PostgreSQL 18 plans generically, Debian's
 * 15 with drawn parameters.
 */
class PlanCaptureTest {

    @TempDir
    Path dir;

    @Test
    void theIndexStepsCostsTurnTheStockLookupIntoASeqScan() throws Exception {
        ManagedServer server = TestServers.started("plans");
        try {
            capturesSeqScanUnderIndexCosts(server, StepPlans.GENERIC_PLAN);
            // the insert benchmark's statements plan on the tables its load leaves
            InsertBenchWorkload ib = new InsertBenchWorkload(InsertBenchConfig.tiny(), 7);
            ib.load(server.connection(), org.pgknobs.workload.ProgressListener.NONE);
            StepPlans plans = capture(ib, server.connection(), "ib");
            assertThat(plans.statements()).extracting(StepPlans.StatementPlan::name)
                    .contains("l.i1.delete", "market_query", "pk_query");
            assertThat(plans.statements()).allSatisfy(p -> assertThat(p.error()).isNull());
            assertThat(plans.statement("pk_query").orElseThrow().digest().relations()).containsExactly("pi1");
        } finally {
            TestServers.dispose(server);
        }
    }

    @Test
    void postgres15PlansWithParametersDrawnLikeTheWorkloads() throws Exception {
        Path bin = Path.of("/usr/lib/postgresql/15/bin");
        assumeTrue(Files.isExecutable(bin.resolve("postgres")), "PostgreSQL 15 not installed at " + bin
                + " (apt-get install postgresql-15): the drawn-parameter path not tested");
        ManagedServer server = TestServers.initialized(PgBinaries.at(bin, "Debian PostgreSQL 15"), "plans15", List.of());
        try {
            server.start();
            StepPlans plans = capturesSeqScanUnderIndexCosts(server, StepPlans.DRAWN_PARAMETERS);
            assertThat(plans.statement("NewOrder.getStock").orElseThrow().arguments()).hasSize(2);
        } finally {
            TestServers.dispose(server);
        }
    }

    private StepPlans capturesSeqScanUnderIndexCosts(ManagedServer server, String method) throws Exception {
        ConnectionInfo admin = server.connection();
        TpccWorkload tpcc = new TpccWorkload(BenchBaseConfig.tpcc(admin.jdbcUrl("tpcc"), admin.user(), admin.password(),
                1, 1, BenchBaseConfig.WorkRate.parse("unlimited"), 0, 1, List.of(45.0, 43.0, 4.0, 4.0, 4.0),
                "TRANSACTION_SERIALIZABLE"));
        tpcc.create(admin);

        StepPlans defaults = capture(tpcc, admin, "default");
        assertThat(defaults.method()).isEqualTo(method);
        assertThat(defaults.planCacheMode()).as("the sessions' plan_cache_mode").isEqualTo("auto");
        assertThat(defaults.statements()).hasSize(tpcc.statements().size())
                .allSatisfy(p -> assertThat(p.error()).as(p.name()).isNull());
        assertThat(defaults.statement("NewOrder.getStock").orElseThrow().digest().scans())
                .containsExactly("Index Scan using stock_pkey on stock");

        try (Connection c = admin.connect(); Statement s = c.createStatement()) {
            s.execute("ALTER DATABASE tpcc SET random_page_cost = 1e300");
            s.execute("ALTER DATABASE tpcc SET cpu_index_tuple_cost = 1e300");
            // as pg_stat_statements' compute_query_id = auto would: the queryid statements.json is joined on
            s.execute("ALTER DATABASE tpcc SET compute_query_id = on");
            // the sessions run custom plans: plans.json says so beside its plans (issue 45, 0b)
            s.execute("ALTER DATABASE tpcc SET plan_cache_mode = force_custom_plan");
        }
        StepPlans index = capture(tpcc, admin, "index");
        assertThat(index.planCacheMode()).isEqualTo("force_custom_plan");
        assertThat(index.statement("NewOrder.getStock").orElseThrow().digest().scans())
                .containsExactly("Seq Scan on stock");
        assertThat(defaults.statement("NewOrder.getStock").orElseThrow().queryId()).isNull();
        assertThat(index.statements()).allSatisfy(p -> assertThat(p.queryId()).as(p.name()).isNotNull());
        // the capture itself set nothing: the server's value is still the default
        try (Connection c = admin.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT setting FROM pg_settings WHERE name = 'random_page_cost'")) {
            rs.next();
            assertThat(rs.getString(1)).isEqualTo("4");
        }
        return index;
    }

    private StepPlans capture(org.pgknobs.workload.Workload w, ConnectionInfo admin, String name) throws Exception {
        Path stepDir = Files.createDirectories(dir.resolve(name));
        PlanCapture.capture(w, admin, stepDir);
        Optional<StepPlans> plans = StepPlans.read(stepDir);
        assertThat(plans).as(Files.readString(stepDir.resolve(StepPlans.FILE))).isPresent();
        assertThat(plans.get().error()).isNull();
        assertThat(plans.get().captureSeconds()).isPositive();
        return plans.get();
    }
}
