package org.pgknobs.experiment.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.StepSpec;
import org.pgknobs.experiment.yaml.ExperimentLoader;

/** The rules that tie --steps, --steps-only, --shard and --resume to an experiment: bad input, each with its fix. */
@Tag("unit")
class RunRequestTest {

    private static final String CUMULATIVE = "name: t\nsteps:\n  - name: baseline\n  - {name: a, settings: {work_mem: 8MB}}\n"
            + "  - {name: b, settings: {maintenance_work_mem: 16MB}}\n";

    @TempDir
    Path dir;

    private Path file;

    @BeforeEach
    void setUp() {
        file = dir.resolve("exp.yaml");
    }

    private Experiment load(String yaml, String... sets) throws IOException {
        Files.writeString(file, yaml);
        return ExperimentLoader.load(file, Optional.empty(), List.of(sets));
    }

    private RunRequest steps(List<String> names, boolean stepsOnly) {
        return new RunRequest(file, names, stepsOnly, Shard.whole(), false);
    }

    private RunRequest shard(String shard) {
        return new RunRequest(file, List.of(), false, Shard.parse(shard), false);
    }

    private static void assertBadInput(RunRequest request, Experiment experiment, String... fragments) {
        assertThatThrownBy(() -> request.check(experiment)).isInstanceOf(BadInputException.class)
                .hasMessageContainingAll(fragments);
    }

    @Test
    void aWholeRequestRunsEveryStepAsWritten() throws IOException {
        Experiment e = load(CUMULATIVE);
        StepSelection.Chosen chosen = RunRequest.whole(file).check(e);
        assertThat(chosen.experiment()).isEqualTo(e);
        assertThat(chosen.notPublished()).isEmpty();
    }

    @Test
    void theNamedStepsAreSelectedAsTheChainDefinesThem() throws IOException {
        StepSelection.Chosen chosen = steps(List.of("baseline", "b"), false).check(load(CUMULATIVE));
        assertThat(chosen.experiment().steps()).extracting(StepSpec::name).containsExactly("baseline", "b");
        assertThat(chosen.experiment().steps().get(1).settings()).containsKeys("work_mem", "maintenance_work_mem");
    }

    @Test
    void stepsOnlyNeedsStepsAndACumulativeFile() throws IOException {
        assertBadInput(steps(List.of(), true), load(CUMULATIVE), "--steps-only needs --steps NAME,...",
                "without --steps every step of " + file + " runs as its chain defines it");
        assertBadInput(steps(List.of("baseline", "a"), true), load(CUMULATIVE + "mode: variants\n"),
                "--steps-only: " + file + " runs as mode: variants, where every step already runs alone on the base",
                "drop --steps-only");
        assertBadInput(steps(List.of("baseline", "a"), true), load(CUMULATIVE + "mode: ablation\n"),
                "runs as mode: ablation, where the named steps are the units");
        assertThat(steps(List.of("baseline", "b"), true).check(load(CUMULATIVE)).notPublished())
                .containsOnlyKeys("b");
    }

    @Test
    void anUnknownStepIsNamedWithTheStepsTheFileHas() throws IOException {
        assertBadInput(steps(List.of("baseline", "nope", "gone"), false), load(CUMULATIVE),
                "--steps: " + file + " has no step nope, gone; its steps are: baseline, a, b");
    }

    @Test
    void aShardNeedsFixedRepeatsAndRestoredData() throws IOException {
        assertBadInput(shard("1/2"), load(CUMULATIVE + "repeats: auto\n"),
                "--shard 1/2: repeats: auto decides when every step's interval has settled", "--repeats N");
        assertBadInput(shard("2/2"), load(CUMULATIVE + "data: continue\n"),
                "--shard 2/2: " + file + " has `data: continue`", "shards need `data: restore`");
        assertThat(shard("2/2").check(load(CUMULATIVE + "repeats: 3\n")).experiment().measurement().repeats()).isEqualTo(3);
        assertThat(shard("1/1").check(load(CUMULATIVE + "repeats: auto\ndata: continue\n"))).isNotNull();
    }

    @Test
    void aResumeIsOfOneVersion() throws IOException {
        String versions = CUMULATIVE + "server:\n  versions: [16, 17]\n";
        assertBadInput(new RunRequest(file, List.of(), false, Shard.whole(), true), load(versions),
                "--resume names one directory, one version; resume each with --pg-versions N --resume DIR");
        assertThat(new RunRequest(file, List.of(), false, Shard.whole(), false).check(load(versions))).isNotNull();
        assertThat(new RunRequest(file, List.of(), false, Shard.whole(), true)
                .check(load(CUMULATIVE + "server:\n  versions: [17]\n"))).isNotNull();
    }
}
