package org.pgknobs.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.pgknobs.host.CpuSet;
import org.pgknobs.host.LoadAverage;
import org.pgknobs.results.MachineCalibration;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.testing.TestServers;

/**
 * A CPU hog on the probe's core makes the cpu probe differ from a probe without it. The server is pinned to core 0
 * with taskset (every backend it forks, the probe's included, inherits it), and the hog is busy backends of the same
 * server: they share the probe's core and, what busy shell loops would not, its scheduling group. Linux's autogroup
 * (on here: sched_autogroup_enabled = 1) gives each session a fair share as a group, and the postmaster leads its own
 * session, so 30 busy shell loops from this JVM slowed the probe only to ×0.66 [0.50, 0.88]. Two busy backends gave
 * ×0.70 [0.61, 0.81] (load 13: the other sessions' tasks move to core 1 when core 0 fills, which gives the server's
 * group more of core 0), so the hog is six, leaving the probe a seventh of its group's time. Without taskset it is 3
 * busy backends per core, unpinned. Only the cpu probe is taken: fsync and copy run in this JVM and measure the disk.
 */
class CpuHogCalibrationTest {

    private static final String HOG = "select count(*) /* cpu hog */ from (select generate_series(1, 100000000000)) s";

    @Test
    void aHogOnTheProbesCoreMarksTheMachineAsDiffering() throws Exception {
        ManagedServer server = TestServers.started("cpuhog");
        ExecutorService pool = null;
        List<Statement> hogs = new ArrayList<>();
        try {
            boolean pinned = pinToCoreZero(server.postmasterPid().orElseThrow());
            int count = pinned ? 6 : 3 * CpuSet.online().size();
            MachineCalibration quiet = cpuOnly(server);
            pool = Executors.newFixedThreadPool(count);
            for (int i = 0; i < count; i++) {
                Connection c = server.connection().connect();
                Statement st = c.createStatement();
                hogs.add(st);
                pool.submit(() -> {
                    try (c; st) {
                        st.executeQuery(HOG);
                    }
                    return null;
                });
            }
            awaitBusy(server, count);
            MachineCalibration hogged = cpuOnly(server);
            CalibrationComparison comparison = CalibrationComparison.of(hogged, quiet);
            System.out.println(count + " busy backends" + (pinned ? " on core 0" : "") + ", load "
                    + LoadAverage.oneMinute() + ": " + comparison.describe());
            assertEquals(1, comparison.probes().size());
            assertTrue(comparison.differs(), "the hog must show: " + comparison.describe());
            assertTrue(comparison.describe().startsWith("machine differed: cpu ×0."), comparison.describe());
        } finally {
            for (Statement st : hogs) {
                st.cancel();
            }
            if (pool != null) {
                pool.shutdown();
                assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS), "the hogs stop when cancelled");
            }
            TestServers.dispose(server);
        }
    }

    private static boolean pinToCoreZero(long postmaster) throws Exception {
        if (!Files.isExecutable(Path.of("/usr/bin/taskset")) && !Files.isExecutable(Path.of("/bin/taskset"))) {
            System.out.println("no taskset: the hog is unpinned, 3 busy backends per core");
            return false;
        }
        return new ProcessBuilder("taskset", "-a", "-p", "-c", "0", Long.toString(postmaster)).redirectErrorStream(true)
                .start().waitFor() == 0;
    }

    /** Waits until pg_stat_activity shows every hog running its query (an event, not a fixed sleep). */
    private static void awaitBusy(ManagedServer server, int count) throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        try (Connection c = server.connection().connect(); Statement st = c.createStatement()) {
            while (true) {
                try (ResultSet rs = st.executeQuery("select count(*) from pg_stat_activity where state = 'active' "
                        + "and query like '%cpu hog%' and pid <> pg_backend_pid()")) {
                    rs.next();
                    if (rs.getInt(1) >= count) {
                        return;
                    }
                }
                assertTrue(System.nanoTime() < deadline, "the hogs did not start within 30 s");
                Thread.onSpinWait();
            }
        }
    }

    private static MachineCalibration cpuOnly(ManagedServer server) {
        return new MachineCalibration(List.of(CalibrationProbe.cpu(server.connection())), server.instanceDir().toString(),
                LoadAverage.oneMinute(), 0);
    }
}
