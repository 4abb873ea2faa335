package org.pgknobs.experiment.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.experiment.yaml.ExperimentLoader;

/** Steps a version cannot run are marked with the reason; the chain goes on only when the file says skip. */
@Tag("unit")
class VersionPlanTest {

    @TempDir
    Path dir;

    /** What PostgreSQL 16 lacks of the settings below (summarize_wal came in 17, io_method in 18). */
    private static final Set<String> ONLY_ON_NEWER = Set.of("summarize_wal", "io_method", "io_workers");

    private ExperimentPlan plan(String mode, String policy) throws IOException {
        Path file = dir.resolve("exp.yaml");
        Files.writeString(file, """
                name: t
                mode: %s
                server:
                  on_missing_setting: %s
                  base: {shared_buffers: 128MB}
                steps:
                  - name: baseline
                  - name: wal
                    settings: {summarize_wal: on, wal_level: logical}
                  - name: index
                    settings: {random_page_cost: 100, pg_stat_statements.max: 100}
                  - name: io-worker
                    settings: {io_method: worker, io_workers: 1}
                """.formatted(mode, policy));
        return ExperimentPlan.of(ExperimentLoader.load(file, Optional.empty(), List.of()));
    }

    private static Map<String, Optional<String>> reasons(VersionPlan v) {
        Map<String, Optional<String>> out = new java.util.LinkedHashMap<>();
        v.steps().forEach(e -> out.put(e.step().name(), e.notApplicable()));
        return out;
    }

    @Test
    void byDefaultAStepAndTheCumulativeStepsCarryingItsSettingAreNotApplicable() throws IOException {
        VersionPlan v16 = VersionPlan.of(plan("cumulative", "na"), 16, n -> !ONLY_ON_NEWER.contains(n));
        Map<String, Optional<String>> r = reasons(v16);
        assertThat(r.get("baseline")).isEmpty();
        assertThat(r.get("wal")).contains("not applicable on 16: no such setting summarize_wal");
        assertThat(r.get("index")).contains("not applicable on 16: no such setting summarize_wal (carried from step wal)");
        assertThat(r.get("io-worker")).contains("not applicable on 16: no such settings io_method, io_workers");
        assertThat(v16.applicable()).extracting(PlannedStep::name).containsExactly("baseline");
    }

    @Test
    void skipLetsTheChainGoOnWithoutTheStepsSettings() throws IOException {
        VersionPlan v16 = VersionPlan.of(plan("cumulative", "skip"), 16, n -> !ONLY_ON_NEWER.contains(n));
        Map<String, Optional<String>> r = reasons(v16);
        assertThat(r.get("wal")).contains("not applicable on 16: no such setting summarize_wal");
        assertThat(r.get("index")).isEmpty();
        PlannedStep index = v16.steps().get(2).step();
        assertThat(index.settings()).doesNotContainKeys("summarize_wal", "wal_level")
                .containsEntry("random_page_cost", 100).containsEntry("shared_buffers", "128MB");
        assertThat(index.index()).as("step numbers stay those of the full plan").isEqualTo(3);
        assertThat(r.get("io-worker")).isPresent();
    }

    @Test
    void aVersionWithEverySettingRunsThePlanAsIs() throws IOException {
        ExperimentPlan plan = plan("cumulative", "na");
        VersionPlan v18 = VersionPlan.of(plan, 18, n -> true);
        assertThat(v18.steps()).allMatch(e -> e.notApplicable().isEmpty());
        assertThat(v18.applicable()).isEqualTo(plan.steps());
    }

    @Test
    void inVariantsModeOnlyTheStepNeedingTheSettingIsNotApplicable() throws IOException {
        VersionPlan v17 = VersionPlan.of(plan("variants", "na"), 17, n -> !n.startsWith("io_"));
        assertThat(v17.applicable()).extracting(PlannedStep::name).containsExactly("baseline", "wal", "index");
        assertThat(reasons(v17).get("io-worker")).contains("not applicable on 17: no such settings io_method, io_workers");
    }

    @Test
    void aBaseSettingTheVersionLacksMakesEveryStepNotApplicable() throws IOException {
        VersionPlan v = VersionPlan.of(plan("variants", "skip"), 16, n -> !n.equals("shared_buffers"));
        assertThat(v.steps()).allMatch(e -> e.notApplicable().orElse("").endsWith("(in server.base)"));
    }
}
