package org.pgknobs.experiment.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.yaml.ExperimentLoader;

/** --shard i/n: a deterministic split where every shard has the base and every other run is in exactly one. */
@Tag("unit")
class ShardSelectionTest {

    @TempDir
    Path dir;

    private ExperimentPlan plan(int variants, int repeats, String baseName) throws IOException {
        StringBuilder yaml = new StringBuilder("name: t\nmode: variants\nrepeats: " + repeats + "\nsteps:\n");
        yaml.append("  - name: a0\n    settings: {work_mem: 8MB}\n");
        yaml.append("  - name: ").append(baseName).append("\n");
        for (int k = 1; k <= variants; k++) {
            yaml.append("  - name: a").append(k).append("\n    settings: {work_mem: ").append(k).append("MB}\n");
        }
        Path file = dir.resolve("exp.yaml");
        Files.writeString(file, yaml);
        return ExperimentPlan.of(ExperimentLoader.load(file, Optional.empty(), List.of()));
    }

    private static List<String> labels(List<PlannedRun> runs) {
        return runs.stream().map(PlannedRun::label).toList();
    }

    @Test
    void everyShardRunsTheBaseAndTheOtherRunsAreDealtRoundRobin() throws IOException {
        ExperimentPlan plan = plan(4, 1, "base");
        assertThat(labels(ShardSelection.select(plan, new Shard(1, 2)))).containsExactly("a0", "base", "a2", "a4");
        assertThat(labels(ShardSelection.select(plan, new Shard(2, 2)))).containsExactly("base", "a1", "a3");
    }

    @Test
    void repeatsAreDealtTooAndTheShardsCoverThePlanExactlyOnceBesidesTheBase() throws IOException {
        ExperimentPlan plan = plan(17, 3, "baseline");
        for (int n = 1; n <= 7; n++) {
            List<String> all = new ArrayList<>();
            for (int i = 1; i <= n; i++) {
                List<PlannedRun> mine = ShardSelection.select(plan, new Shard(i, n));
                assertThat(labels(mine)).as("shard %d/%d has every base repeat", i, n)
                        .contains("baseline r1", "baseline r2", "baseline r3");
                assertThat(ShardSelection.select(plan, new Shard(i, n))).as("deterministic").isEqualTo(mine);
                mine.stream().filter(r -> !r.step().name().equals("baseline")).forEach(r -> all.add(r.label()));
            }
            List<String> expected = plan.runs().stream().filter(r -> !r.step().name().equals("baseline"))
                    .map(PlannedRun::label).toList();
            assertThat(all).as("%d shards", n).containsExactlyInAnyOrderElementsOf(expected);
        }
    }

    @Test
    void shardSizesDifferByAtMostOne() throws IOException {
        ExperimentPlan plan = plan(17, 1, "base");
        List<Integer> sizes = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            sizes.add(ShardSelection.select(plan, new Shard(i, 4)).size());
        }
        assertThat(sizes).containsExactly(6, 6, 5, 5);
    }

    @Test
    void withoutABaseNameTheFirstStepIsTheBase() throws IOException {
        Path file = dir.resolve("nobase.yaml");
        Files.writeString(file, "name: t\nmode: variants\nsteps:\n  - {name: x, settings: {work_mem: 1MB}}\n"
                + "  - {name: y, settings: {work_mem: 2MB}}\n  - {name: z, settings: {work_mem: 3MB}}\n");
        ExperimentPlan plan = ExperimentPlan.of(ExperimentLoader.load(file, Optional.empty(), List.of()));
        assertThat(ShardSelection.base(plan).name()).isEqualTo("x");
        assertThat(labels(ShardSelection.select(plan, new Shard(2, 2)))).containsExactly("x", "z");
    }

    @Test
    void theShardOptionIsParsedStrictly() {
        assertThat(Shard.parse("2/3")).isEqualTo(new Shard(2, 3));
        for (String bad : List.of("0/2", "3/2", "junk", "1/0", "", "1/2/3", "-1/2", "1 of 2")) {
            assertThatThrownBy(() -> Shard.parse(bad)).as(bad).isInstanceOf(BadInputException.class)
                    .hasMessageContaining("--shard " + bad + ": expected i/n with 1 <= i <= n");
        }
    }
}
