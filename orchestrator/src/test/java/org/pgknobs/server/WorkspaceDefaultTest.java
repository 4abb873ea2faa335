package org.pgknobs.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Where clusters go when no --work-dir is given: $PGKNOBS_WORK_DIR first, then the root or user default. */
@Tag("unit")
class WorkspaceDefaultTest {

    @Test
    void theEnvironmentVariableWinsAndBlankMeansUnset() {
        assertThat(Workspace.defaultWorkDir("/dev/shm/pgknobs", true)).isEqualTo(Path.of("/dev/shm/pgknobs"));
        assertThat(Workspace.defaultWorkDir("/fast/disk", false)).isEqualTo(Path.of("/fast/disk"));
        assertThat(Workspace.defaultWorkDir(" ", true)).isEqualTo(Path.of("/var/tmp/pgknobs"));
        assertThat(Workspace.defaultWorkDir(null, true)).isEqualTo(Path.of("/var/tmp/pgknobs"));
        assertThat(Workspace.defaultWorkDir(null, false))
                .isEqualTo(Path.of(System.getProperty("java.io.tmpdir"), "pgknobs-" + System.getProperty("user.name")));
    }
}
