package org.pgknobs.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.BuildInfo;

/**
 * The commit a run records is the one the build wrote into build.properties, whatever directory pgknobs is started
 * in: it once ran git in the current directory and recorded that directory's commit.
 */
@Tag("unit")
class EnvironmentCaptureTest {

    private static final Path REPO = Path.of(System.getProperty("pgknobs.repo.root", "..")).toAbsolutePath().normalize();

    /** Prints the commit a run started in the current directory records (run in a child JVM by the test below). */
    public static void main(String[] args) {
        System.out.print(EnvironmentCapture.capture(List.of("test"), "18").gitCommit());
    }

    @Test
    void recordsTheCommitTheBuildRanOn() throws Exception {
        String head = run(REPO, "git", "-C", REPO.toString(), "rev-parse", "HEAD").strip();
        assertThat(head).matches("[0-9a-f]{40}");
        String recorded = EnvironmentCapture.capture(List.of("test"), "18").gitCommit();
        assertThat(recorded).isEqualTo(BuildInfo.load().gitCommit()).matches(head + "(-dirty)?");
    }

    @Test
    void aRunStartedInAnotherDirectoryRecordsTheSameCommit(@TempDir Path elsewhere) throws Exception {
        // elsewhere is no checkout at all: a git call there would fail, one in another checkout give its commit
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String child = run(elsewhere, java, "-cp", System.getProperty("java.class.path"), EnvironmentCaptureTest.class.getName());
        assertThat(child).isEqualTo(BuildInfo.load().gitCommit()).isNotEqualTo("unknown");
    }

    private static String run(Path dir, String... command) throws Exception {
        File out = Files.createTempFile("run-environment", ".out").toFile();
        try {
            Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(out).start();
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("%s finished", List.of(command)).isTrue();
            String output = Files.readString(out.toPath(), StandardCharsets.UTF_8);
            assertThat(p.exitValue()).as("%s: %s", List.of(command), output).isZero();
            return output;
        } finally {
            Files.deleteIfExists(out.toPath());
        }
    }
}
