package org.pgknobs.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.experiment.plan.ExperimentPlan;
import org.pgknobs.experiment.yaml.ExperimentLoader;

/** Which clusters a suite runs exactly once, so that their load takes no snapshot. */
@Tag("unit")
class OneRunClustersTest {

    @TempDir
    Path dir;

    private ExperimentPlan plan(String steps, String more) throws IOException {
        Path file = dir.resolve("exp.yaml");
        Files.writeString(file, "name: t\nmode: variants\nsteps:\n" + steps + more);
        return ExperimentPlan.of(ExperimentLoader.load(file, Optional.empty(), List.of()));
    }

    @Test
    void aOneStepSuiteRunsItsClusterOnce() throws IOException {
        ExperimentPlan plan = plan("  - name: baseline\n", "");
        assertThat(OneRunClusters.of(plan.runs(), false)).containsExactly(List.of());
    }

    @Test
    void twoStepsOnOneClusterKeepTheSnapshotAndAStepWithItsOwnInitdbDoesNot() throws IOException {
        ExperimentPlan plan = plan("  - name: base\n  - name: a\n    settings: {work_mem: 8MB}\n"
                + "  - name: seg\n    initdb: [--wal-segsize=64]\n", "");
        assertThat(OneRunClusters.of(plan.runs(), false)).as("the default cluster runs base and a; seg's runs once")
                .containsExactly(List.of("--wal-segsize=64"));
    }

    @Test
    void repeatsOrAnOpenEndedScheduleKeepEverySnapshot() throws IOException {
        ExperimentPlan repeated = plan("  - name: baseline\n", "repeats: 2\n");
        assertThat(repeated.runs()).hasSize(2);
        assertThat(OneRunClusters.of(repeated.runs(), false)).as("the second repeat restores the loaded data").isEmpty();
        ExperimentPlan one = plan("  - name: baseline\n", "");
        assertThat(OneRunClusters.of(one.runs(), true)).as("auto rounds, a search, an ablation or a warm-up may run it again")
                .isEmpty();
    }
}
