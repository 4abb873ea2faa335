package org.pgknobs.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.pgknobs.process.CommandResult;
import org.pgknobs.process.CommandRunner;
import org.pgknobs.testing.TinyRuns;

/**
 * The non-root path for real: when the suite runs as root (CI), this re-runs the main path — embedded
 * binaries unpacked, cluster created and started, the article's 32 settings applied and verified — in a
 * child JVM as an unprivileged user, where pgknobs must not drop privileges but run PostgreSQL as itself.
 * (As a non-root user the whole suite already is that path.)
 */
class NonRootTest {

    private final Path base = Workspace.defaultWorkDir().resolve("nonroot-" + ProcessHandle.current().pid());

    @AfterEach
    void cleanUp() {
        Workspace.delete(base);
    }

    @Test
    void applyAsAnUnprivilegedUserRunsPostgresAsThatUser() throws Exception {
        assumeTrue(RunAs.isRoot(), "already running as a non-root user: every other test covers this path");
        String user = userThatExists("nobody", "postgres");
        RunAs.Other other = (RunAs.Other) RunAs.user(user);
        Path classes = base.resolve("classpath");
        Files.createDirectories(classes);
        List<String> entries = readableCopyOfClassPath(classes);
        Path work = base.resolve("work");
        Path cache = base.resolve("cache");
        Path settings = base.resolve("article-32.yaml");
        Files.copy(TinyRuns.repoRoot().resolve("experiments/settings/article-32.yaml"), settings);
        for (Path dir : List.of(work, cache)) {
            Files.createDirectories(dir);
            other.own(dir);
        }
        RunAs.openForReading(base);

        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Duser.home=" + work, "-cp", String.join(File.pathSeparator, entries), "org.pgknobs.cli.Main",
                "apply", "--settings", settings.toString(), "--work-dir", work.toString(), "--cache-dir", cache.toString()));
        CommandResult r = CommandRunner.run(other.command(cmd), Duration.ofMinutes(5));

        assertThat(r.exitCode()).as(r.output()).isZero();
        assertThat(r.output()).contains("32 of 32 settings verified");
        // Cache and cluster were made by (and belong to) the unprivileged user, not root.
        try (Stream<Path> unpacked = Files.list(cache)) {
            Path home = unpacked.filter(Files::isDirectory).findFirst().orElseThrow();
            assertThat((Integer) Files.getAttribute(home, "unix:uid")).isEqualTo(other.uid());
        }
    }

    private static String userThatExists(String... names) {
        for (String n : names) {
            if (CommandRunner.run(List.of("id", "-u", n), Duration.ofSeconds(10)).succeeded()) {
                return n;
            }
        }
        throw new IllegalStateException("none of the users exists: " + String.join(", ", names));
    }

    /** Root's ~/.m2 is not readable by other users: copy every class path entry to a readable place. */
    private static List<String> readableCopyOfClassPath(Path target) throws Exception {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> out = new ArrayList<>();
        int i = 0;
        for (String entry : cp.split(File.pathSeparator)) {
            Path src = Path.of(entry);
            if (!Files.exists(src)) {
                continue;
            }
            Path dst = target.resolve((i++) + "-" + src.getFileName());
            if (Files.isDirectory(src)) {
                try (Stream<Path> files = Files.walk(src)) {
                    for (Path f : (Iterable<Path>) files::iterator) {
                        Path to = dst.resolve(src.relativize(f).toString());
                        if (Files.isDirectory(f)) {
                            Files.createDirectories(to);
                        } else {
                            Files.copy(f, to, StandardCopyOption.REPLACE_EXISTING);
                        }
                    }
                }
            } else {
                Files.copy(src, dst, StandardCopyOption.REPLACE_EXISTING);
            }
            out.add(dst.toString());
        }
        return out;
    }
}
