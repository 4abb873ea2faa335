package org.pgknobs.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.testing.TestServers;

/**
 * Not a check: writes the tiny sweep and tiny cumulative runs and their report into
 * {@code -Dpgknobs.report.demo=DIR}, for the documentation's screenshot. Skipped without the property.
 */
class ReportDemo {

    /** Big enough for per-second charts and for the why rules to have something to say. */
    private static final String DEMO_WORKLOAD = """
            workload:
              kind: insertbench
              clients: 2
              initial_rows: 100000
              i1_rows: 150000
              i2_rows: 10000
              query_seconds: 3s
              query_rates: [100]
              cleanup_wait: 1s
            """;

    private static final String ARTICLE = """
            name: demo-cumulative
            mode: cumulative
            server:
              base: {shared_buffers: 128MB}
            """ + DEMO_WORKLOAD + """
            steps:
              - name: baseline
              - name: small-wal
                settings: {max_wal_size: 32MB, min_wal_size: 32MB}
              - name: cache-2mb
                settings: {shared_buffers: 2MB}
              - name: eager-autovacuum
                settings: {autovacuum_naptime: 1s, autovacuum_vacuum_insert_threshold: 100,
                           autovacuum_vacuum_insert_scale_factor: 0.0, autovacuum_vacuum_threshold: 100,
                           autovacuum_vacuum_scale_factor: 0.0}
            reference:
              metric: tps
              source: the article's TPC-C numbers, shown only to demonstrate the markers
              values: {baseline: 7082, small-wal: 1052, cache-2mb: 485, eager-autovacuum: 293}
            """;

    private static final String SWEEP = ReportFromRunsTest.VARIANTS.replace(ReportFromRunsTest.WORKLOAD, DEMO_WORKLOAD)
            .replace("name: tiny-sweep", "name: demo-sweep");

    @Test
    @EnabledIfSystemProperty(named = "pgknobs.report.demo", matches = ".+")
    void writeDemoRunsAndReport() throws Exception {
        Path out = Path.of(System.getProperty("pgknobs.report.demo"));
        Files.createDirectories(out);
        ManagedServer server = TestServers.started("report-demo");
        try {
            Path article = ResultDirFixture.run(ARTICLE, out, server);
            Path sweep = ResultDirFixture.run(SWEEP, out, server);
            Reports.write(List.of(article), article, Optional.empty());
            Reports.write(List.of(sweep), sweep, Optional.empty());
        } finally {
            TestServers.dispose(server);
        }
    }
}
