package org.pgknobs.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A process is found by its working directory, the wait ends when it exits, and gives up when it does not. */
@Tag("unit")
class OrphanedBackendsTest {

    @Test
    void findsAProcessWorkingInTheDirectoryAndWaitsForItsExit(@TempDir Path dir) throws Exception {
        Path linked = Files.createSymbolicLink(dir.resolve("link"), Files.createDirectory(dir.resolve("data")));
        Process sleeper = new ProcessBuilder("sleep", "600").directory(dir.resolve("data").toFile()).start();
        try {
            assertThat(OrphanedBackends.anyWorksIn(linked.toRealPath())).isTrue();
            assertThat(OrphanedBackends.anyWorksIn(dir.toRealPath())).as("only the directory itself counts").isFalse();
            assertThat(OrphanedBackends.awaitGone(linked, Duration.ofMillis(50))).as("it still runs").isFalse();
            sleeper.destroyForcibly().waitFor();
            assertThat(OrphanedBackends.awaitGone(linked, Duration.ofMinutes(1))).isTrue();
        } finally {
            sleeper.destroyForcibly();
        }
    }

    @Test
    void aMissingDirectoryHasNothingToWaitFor(@TempDir Path dir) {
        assertThat(OrphanedBackends.awaitGone(dir.resolve("absent"), Duration.ZERO)).isTrue();
    }
}
