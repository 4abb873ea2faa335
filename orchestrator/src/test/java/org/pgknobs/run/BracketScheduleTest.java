package org.pgknobs.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.experiment.plan.ExperimentPlan;
import org.pgknobs.experiment.plan.PlannedRun;
import org.pgknobs.experiment.plan.Shard;
import org.pgknobs.experiment.yaml.ExperimentLoader;
import org.pgknobs.results.SuiteLayout;

/** The bracketed base's schedule: where the base is measured, the warm-up, the order of each round. */
@Tag("unit")
class BracketScheduleTest {

    @TempDir
    Path dir;

    private ExperimentPlan plan(String mode, int variants, String more) throws IOException {
        StringBuilder steps = new StringBuilder("  - name: base\n");
        IntStream.rangeClosed(1, variants).forEach(i -> steps.append("  - name: a").append(i)
                .append("\n    settings: {work_mem: ").append(i).append("MB}\n"));
        Path file = dir.resolve("exp.yaml");
        Files.writeString(file, "name: t\nmode: " + mode + "\nsteps:\n" + steps + more);
        return ExperimentPlan.of(ExperimentLoader.load(file, Optional.empty(), List.of()));
    }

    private static List<String> labels(List<PlannedRun> runs) {
        return runs.stream().map(p -> p.step().name() + (p.step().name().equals("base") ? "#" + p.repeat() : "")).toList();
    }

    @Test
    void aShortSweepMeasuresItsBaseFirstAndLastAfterAWarmUp() throws IOException {
        ExperimentPlan plan = plan("variants", 3, "");
        BracketSchedule.Bracketed b = BracketSchedule.arrange(plan, plan.runs());
        assertThat(labels(b.order())).containsExactly("base#1", "a1", "a2", "a3", "base#2");
        assertThat(b.warmup()).get().satisfies(w -> {
            assertThat(w.step().name()).isEqualTo("base");
            assertThat(w.repeat()).as("the warm-up is no repeat of the base").isZero();
        });
        SuiteLayout layout = new SuiteLayout(dir);
        assertThat(b.order().stream().filter(p -> p.step().name().equals("base")).map(p -> StepOrder.dir(layout, p)))
                .as("every base measurement has its own directory, none the warm-up's")
                .containsExactly(dir.resolve("steps/01-base/r1"), dir.resolve("steps/01-base/r2"))
                .doesNotContain(layout.warmupDir(1, "base", 1));
    }

    @Test
    void aLongSweepMeasuresItsBaseAtLeastEveryEightRuns() throws IOException {
        ExperimentPlan plan = plan("variants", 16, "");
        List<String> order = labels(BracketSchedule.arrange(plan, plan.runs()).order());
        List<String> expected = new ArrayList<>(List.of("base#1"));
        IntStream.rangeClosed(1, 8).forEach(i -> expected.add("a" + i));
        expected.add("base#2");
        IntStream.rangeClosed(9, 16).forEach(i -> expected.add("a" + i));
        expected.add("base#3");
        assertThat(order).containsExactlyElementsOf(expected);
        ExperimentPlan seventeen = plan("variants", 17, "bracket: 4\n");
        List<String> o = labels(BracketSchedule.arrange(seventeen, seventeen.runs()).order());
        assertThat(o.stream().filter(s -> s.startsWith("base")).count()).as("17 runs in segments of at most 4: 5 of them, each followed by the base")
                .isEqualTo(6);
        assertThat(o.get(0)).isEqualTo("base#1");
        assertThat(o.get(o.size() - 1)).isEqualTo("base#6");
        int gap = 0;
        for (String s : o) {
            gap = s.startsWith("base") ? 0 : gap + 1;
            assertThat(gap).isLessThanOrEqualTo(4);
        }
    }

    @Test
    void laterRoundsVaryTheOrderAndEveryRoundEndsOnTheBase() throws IOException {
        ExperimentPlan plan = plan("variants", 5, "repeats: 3\n");
        List<PlannedRun> order = BracketSchedule.arrange(plan, plan.runs()).order();
        assertThat(labels(order)).hasSize(1 + 3 * 6);
        List<List<String>> rounds = new ArrayList<>();
        for (int r = 0; r < 3; r++) {
            List<String> round = labels(order.subList(1 + 6 * r, 1 + 6 * (r + 1)));
            assertThat(round.get(5)).isEqualTo("base#" + (r + 2));
            int repeat = r + 1;
            assertThat(order.subList(1 + 6 * r, 6 * (r + 1))).allSatisfy(p -> assertThat(p.repeat()).isEqualTo(repeat));
            rounds.add(round.subList(0, 5));
        }
        assertThat(rounds.get(0)).containsExactly("a1", "a2", "a3", "a4", "a5");
        assertThat(rounds.get(1)).containsExactlyInAnyOrderElementsOf(rounds.get(0)).isNotEqualTo(rounds.get(0));
        assertThat(rounds.get(2)).containsExactlyInAnyOrderElementsOf(rounds.get(0)).isNotEqualTo(rounds.get(1));
        assertThat(rounds.stream().map(r -> r.get(0)).distinct().count())
                .as("no step always runs right after a measurement of the base").isGreaterThan(1);
        assertThat(BracketSchedule.arrange(plan, plan.runs()).order()).as("the same order on every host and on --resume")
                .isEqualTo(order);
    }

    @Test
    void aShardBracketsItsOwnBase() throws IOException {
        ExperimentPlan plan = plan("variants", 4, "");
        List<PlannedRun> shard = StepOrder.select(plan, Shard.parse("2/2"));
        assertThat(labels(BracketSchedule.arrange(plan, shard).order())).containsExactly("base#1", "a2", "a4", "base#2");
    }

    @Test
    void aChainBracketsItsBaselineAndOffOrAloneLeavesTheOrderAsItWas() throws IOException {
        ExperimentPlan chain = plan("cumulative", 2, "");
        assertThat(labels(BracketSchedule.arrange(chain, chain.runs()).order())).containsExactly("base#1", "a1", "a2", "base#2");
        ExperimentPlan off = plan("variants", 2, "repeats: 2\nbracket: false\n");
        BracketSchedule.Bracketed b = BracketSchedule.arrange(off, off.runs());
        assertThat(b.order()).isEqualTo(off.runs());
        assertThat(b.warmup()).isEmpty();
        ExperimentPlan alone = plan("variants", 0, "");
        assertThat(BracketSchedule.arrange(alone, alone.runs()).warmup()).isEmpty();
    }
}
