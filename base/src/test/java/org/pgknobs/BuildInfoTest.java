package org.pgknobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** build.properties' commit as the build left it: filtered from a checkout, or unfiltered from a source tarball. */
@Tag("unit")
class BuildInfoTest {

    private static final String COMMIT = "48be1a6482c392ff274bedcc4fabf960f3620333";

    @Test
    void readsUnfilteredPropertiesAsUnknown() {
        Properties tarball = new Properties();
        tarball.setProperty("git.commit", "${git.commit.id}");
        tarball.setProperty("git.dirty", "${git.dirty}");
        assertThat(BuildInfo.gitCommit(tarball)).isEqualTo("unknown");
        assertThat(BuildInfo.gitCommit(new Properties())).isEqualTo("unknown");
    }

    @Test
    void marksABuildFromChangedFilesDirty() {
        Properties p = new Properties();
        p.setProperty("git.commit", COMMIT);
        p.setProperty("git.dirty", "true");
        assertThat(BuildInfo.gitCommit(p)).isEqualTo(COMMIT + "-dirty");
        p.setProperty("git.dirty", "false");
        assertThat(BuildInfo.gitCommit(p)).isEqualTo(COMMIT);
    }
}
