package org.pgknobs.run.capture;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.profile.FoldedStacks;
import org.pgknobs.profile.PerfRecorder;
import org.pgknobs.results.ProfileSummary;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.testing.RequiredTools;
import org.pgknobs.testing.TestServers;

/**
 * perf for real on the embedded server: a backend forked after perf attached is sampled, its stacks resolve
 * to PostgreSQL's function names, and work done outside the measured window stays out of the profile.
 */
class ProfileCaptureTest {

    private static ManagedServer server;

    @BeforeAll
    static void start() {
        RequiredTools.require(PerfRecorder.locate().isEmpty() ? "perf is not installed (apt-get install linux-perf)" : null);
        server = TestServers.started("profile");
    }

    @AfterAll
    static void stop() {
        TestServers.dispose(server);
    }

    @Test
    void theWindowsSamplesAreFoldedWithNamesAndTheWarmUpIsLeftOut(@TempDir Path dir) throws Exception {
        ProfileCapture capture = ProfileCapture.start(server.postmasterPid().orElseThrow());
        try (Connection c = server.connection().connect("postgres", java.util.Map.of()); Statement s = c.createStatement()) {
            busy(s, "select sum(hashtext(g::text)) from generate_series(1, 300000) g", 0.4); // warm-up: hashtext
            capture.phaseStarted("measure");
            busy(s, "select count(distinct md5(g::text)) from generate_series(1, 100000) g", 1.0);
            capture.phaseEnded("measure");
            busy(s, "select sum(hashtext(g::text)) from generate_series(1, 300000) g", 0.3); // after: hashtext again
        }
        capture.finish(dir, false);

        ProfileSummary summary = ProfileSummary.read(dir).orElseThrow();
        assertThat(summary.reason()).isNull();
        assertThat(summary.status()).isEqualTo(ProfileSummary.CAPTURED);
        assertThat(summary.samples()).isGreaterThan(20).isLessThan(summary.samplesRecorded());
        assertThat(summary.perfCpuPercentOfOneCpu()).isNotNull().isGreaterThanOrEqualTo(0);
        FoldedStacks stacks = FoldedStacks.read(dir).orElseThrow();
        assertThat(stacks.samples()).isEqualTo(summary.samples());
        assertThat(stacks.totalShares()).containsKeys("PostgresMain", "md5_text").doesNotContainKey("hashtext");
        assertThat(summary.topTotal()).extracting(ProfileSummary.FunctionShare::function).contains("PostgresMain");
        assertThat(Files.list(dir)).extracting(p -> p.getFileName().toString())
                .containsExactlyInAnyOrder(FoldedStacks.FILE, ProfileSummary.FILE);
    }

    /** Runs the query until its wall time reaches {@code seconds}: enough samples at 99 Hz, whatever the load. */
    private static void busy(Statement s, String sql, double seconds) throws SQLException {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        do {
            s.execute(sql);
        } while (System.nanoTime() < end);
    }
}
