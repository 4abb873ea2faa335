package org.pgknobs.run.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.Workspace;
import org.pgknobs.testing.TestServers;

/**
 * A restore after a real server wrote to its data (a table updated, a new one, a VACUUM FULL's new files, a checkpoint,
 * WAL written and recycled) leaves the data directory byte for byte the snapshot, though it copies only what changed,
 * and the server starts on it with the loaded rows and nothing of the writes. With the WAL outside the data directory
 * (initdb --waldir), as the harder case: the WAL directory is restored too, without which the restored cluster's
 * checkpoint is gone from the WAL and the server does not start.
 */
class DataSnapshotRestoreTest {

    @Test
    void aRestoreAfterWritesIsTheSnapshotAgain() throws Exception {
        Path wal = Workspace.newInstanceDir(Workspace.defaultWorkDir().resolve("tests"), "restore-wal");
        Files.createDirectories(wal);
        TestServers.runAs().own(wal);
        ManagedServer server = TestServers.initialized("restore", List.of("--waldir=" + wal));
        try {
            server.start();
            sql(server, "create table loaded as select g as id, repeat('x', 200) as pad from generate_series(1, 20000) g;"
                    + "create table read_only as select g as id from generate_series(1, 20000) g; checkpoint");
            server.stop();
            DataSnapshot snapshot = DataSnapshot.take(server, "loaded");

            for (int step = 0; step < 2; step++) {
                server.start();
                sql(server, "update loaded set pad = repeat('y', 200) where id % 7 = " + step + ";"
                        + "create table scratch as select * from loaded; vacuum full loaded; select count(*) from read_only;"
                        + "select pg_switch_wal(); checkpoint");
                server.stop();

                DataSnapshot.CacheSettle restored = snapshot.restoreInto(server);

                assertThat(digests(server.dataDirectory())).as("step %d's restore", step)
                        .isEqualTo(digests(snapshot.path()));
                assertThat(digests(wal)).as("step %d's restore of the WAL", step)
                        .isEqualTo(digests(snapshot.path().resolveSibling(snapshot.path().getFileName() + "-wal")));
                assertThat(restored.keptBytes()).as("the files no step wrote are kept").isPositive();
                server.start();
                assertThat(sql(server, "select count(*) filter (where pad like 'x%') || '/' || count(*) from loaded"))
                        .isEqualTo("20000/20000");
                assertThat(sql(server, "select count(*) from pg_class where relname = 'scratch'")).isEqualTo("0");
                server.stop();
            }
        } finally {
            TestServers.dispose(server);
            Workspace.delete(wal);
        }
    }

    /** The last result's first column of the statements, run on one connection. */
    private static String sql(ManagedServer server, String statements) throws Exception {
        String last = null;
        try (Connection c = server.connection().connect(); Statement s = c.createStatement()) {
            for (String one : statements.split(";")) {
                if (s.execute(one)) {
                    try (ResultSet rs = s.getResultSet()) {
                        rs.next();
                        last = rs.getString(1);
                    }
                }
            }
        }
        return last;
    }

    /** Every regular file's SHA-256 by its path in the tree (the server is stopped: no postmaster.pid). */
    private static Map<String, String> digests(Path root) throws IOException, NoSuchAlgorithmException {
        Map<String, String> all = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : (Iterable<Path>) s.filter(Files::isRegularFile)::iterator) {
                byte[] d = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p));
                all.put(root.relativize(p).toString(), HexFormat.of().formatHex(d));
            }
        }
        return all;
    }
}
