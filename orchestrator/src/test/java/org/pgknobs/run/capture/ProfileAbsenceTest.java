package org.pgknobs.run.capture;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.profile.FoldedStacks;
import org.pgknobs.results.ProfileSummary;

@Tag("unit")
class ProfileAbsenceTest {

    @Test
    void aServerWhoseProcessesAreNotVisibleGetsProfileJsonSayingWhyAndNoFoldedFile(@TempDir Path dir) {
        ProfileCapture capture = ProfileCapture.start(null);
        capture.phaseStarted("tpcc");
        capture.phaseEnded("tpcc");
        capture.finish(dir, false);

        ProfileSummary s = ProfileSummary.read(dir).orElseThrow();
        assertThat(s.captured()).isFalse();
        assertThat(s.status()).isEqualTo(ProfileSummary.ABSENT);
        assertThat(s.reason()).contains("external server");
        assertThat(Files.exists(dir.resolve(FoldedStacks.FILE))).isFalse();
    }
}
