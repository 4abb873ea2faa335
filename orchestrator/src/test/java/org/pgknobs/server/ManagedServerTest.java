package org.pgknobs.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.pgknobs.testing.TestServers;

/**
 * One cluster, initdb'ed once, serves every test that needs only default initdb options: each starts from it
 * stopped, with the postgresql.auto.conf initdb wrote and empty logs. Only the initdb-options test makes its own.
 */
class ManagedServerTest {

    private static ManagedServer shared;
    private static String initialAutoConf;
    private ManagedServer server;

    @BeforeAll
    static void initdbOnce() throws Exception {
        shared = TestServers.initialized("lifecycle", List.of());
        initialAutoConf = Files.readString(shared.dataDirectory().resolve("postgresql.auto.conf"));
    }

    @AfterAll
    static void disposeShared() {
        TestServers.dispose(shared);
    }

    @BeforeEach
    void sharedClusterStoppedAsInitdbLeftIt() throws Exception {
        shared.stop();
        Files.writeString(shared.dataDirectory().resolve("postgresql.auto.conf"), initialAutoConf);
        shared.clearLogs();
        server = shared;
    }

    @AfterEach
    void cleanUp() {
        if (server != shared) {
            TestServers.dispose(server);
        }
    }

    @Test
    void startsAnsweringSqlOnLoopbackAndStopsAgain() throws Exception {
        server.start();
        assertThat(server.isRunning()).isTrue();
        try (Connection c = server.connection().connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select current_setting('server_version_num')::int, inet_server_addr()::text")) {
            rs.next();
            assertThat(rs.getInt(1)).isGreaterThanOrEqualTo(180000);
            assertThat(rs.getString(2)).startsWith("127.0.0.1");
        }
        // the superuser's verifier has one SCRAM iteration (ManagedServer.resetSuperuserPassword says why)
        try (Connection c = server.connection().connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select rolpassword from pg_authid where rolname = current_user")) {
            rs.next();
            assertThat(rs.getString(1)).startsWith("SCRAM-SHA-256$1:");
        }
        server.stop();
        assertThat(server.isRunning()).isFalse();
        assertThat(server.acceptsConnections()).isFalse();
    }

    @Test
    void restartGivesANewPostmaster() throws Exception {
        server.start();
        String before = postmasterStart(server);
        long pidBefore = server.postmasterPid().orElseThrow();
        server.restart();
        assertThat(server.postmasterPid().orElseThrow()).isNotEqualTo(pidBefore);
        assertThat(postmasterStart(server)).isNotEqualTo(before);
    }

    @Test
    void runsPostgresAsAnUnprivilegedUserWhenRoot() throws Exception {
        server.start();
        long pid = server.postmasterPid().orElseThrow();
        int uid = (Integer) Files.getAttribute(java.nio.file.Path.of("/proc/" + pid), "unix:uid");
        if (RunAs.isRoot()) {
            assertThat(uid).isNotZero();
            assertThat(server.runAs().userName()).isEqualTo("postgres");
        } else {
            assertThat(uid).isEqualTo(new com.sun.security.auth.module.UnixSystem().getUid());
        }
    }

    @Test
    void initdbOptionsReachTheCluster() throws Exception {
        server = TestServers.initialized("segsize", List.of("--wal-segsize=64"));
        server.start();
        try (Connection c = server.connection().connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select setting::bigint * 1 from pg_settings where name = 'wal_segment_size'")) {
            rs.next();
            assertThat(rs.getLong(1)).isEqualTo(64L * 1024 * 1024);
        }
    }

    @Test
    void failedStartReportsTheServersOwnLogLines() throws Exception {
        Files.writeString(server.dataDirectory().resolve("postgresql.auto.conf"), "shared_buffers = 'lots'\n");
        assertThatThrownBy(server::start)
                .isInstanceOf(ServerException.class)
                .hasMessageContaining("server did not start")
                .satisfies(e -> assertThat(String.join("\n", ((ServerException) e).logTail()))
                        .contains("shared_buffers"));
    }

    @Test
    void logTailFindsTheCollectorsFilesUnderPgdata() throws Exception {
        Files.writeString(server.dataDirectory().resolve("postgresql.auto.conf"),
                "logging_collector = on\nlog_destination = 'stderr,jsonlog'\n");
        server.start();
        try (Connection c = server.connection().connect(); Statement s = c.createStatement()) {
            s.execute("do $$ begin raise log 'pgknobs-marker-%', 42; end $$");
        }
        // The logging collector writes asynchronously: poll the tail until the line arrives (60 s at most).
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
        String tail = String.join("\n", server.logTail(50));
        while (!tail.contains("pgknobs-marker-42") && System.nanoTime() < deadline) {
            Thread.sleep(100);
            tail = String.join("\n", server.logTail(50));
        }
        assertThat(tail).contains("pgknobs-marker-42");
    }

    @Test
    void killedPostmasterIsNotRunningAndRecoversOnStart() throws Exception {
        server.start();
        server.kill();
        assertThat(server.acceptsConnections()).isFalse();
        server.start();
        assertThat(server.acceptsConnections()).isTrue();
    }

    @Test
    void aStartAfterACrashWaitsForTheChildrenStillHoldingTheSharedMemory() throws Exception {
        server.start();
        // a child that cannot notice the postmaster's death until it runs again: a new postmaster started while it
        // lives finds the old segment attached and refuses ("pre-existing shared memory block … is still in use")
        ProcessHandle child = ProcessHandle.of(server.postmasterPid().orElseThrow()).orElseThrow().children()
                .findFirst().orElseThrow();
        signal("STOP", child.pid());
        try {
            server.kill();
            assertThat(OrphanedBackends.anyWorksIn(server.dataDirectory().toRealPath())).as("the stopped child still works in the data directory").isTrue();
            AtomicReference<Throwable> failed = new AtomicReference<>();
            Thread start = new Thread(() -> {
                try {
                    server.start();
                } catch (Throwable t) {
                    failed.set(t);
                }
            });
            start.start();
            // the event: the start waits for the old processes (it must not try, and fail, while the child holds on)
            while (start.isAlive() && Arrays.stream(start.getStackTrace())
                    .noneMatch(f -> f.getClassName().equals(OrphanedBackends.class.getName()))) {
                Thread.onSpinWait();
            }
            assertThat(failed.get()).as("the start while the old child lived").isNull();
            signal("CONT", child.pid());
            start.join();
            assertThat(failed.get()).isNull();
        } finally {
            new ProcessBuilder("kill", "-CONT", Long.toString(child.pid())).start().waitFor(); // never left stopped
        }
        assertThat(server.acceptsConnections()).isTrue();
    }

    private static void signal(String name, long pid) throws Exception {
        assertThat(new ProcessBuilder("kill", "-" + name, Long.toString(pid)).start().waitFor()).isZero();
    }

    private static String postmasterStart(ManagedServer server) throws Exception {
        try (Connection c = server.connection().connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select pg_postmaster_start_time()::text")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
