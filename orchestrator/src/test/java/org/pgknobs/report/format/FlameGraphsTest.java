package org.pgknobs.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.profile.FoldedStacks;

@Tag("unit")
class FlameGraphsTest {

    private static final FoldedStacks BEFORE = new FoldedStacks(Map.of("postgres;main;scan", 3L, "postgres;main;read", 1L));
    private static final FoldedStacks AFTER = new FoldedStacks(Map.of("postgres;main;scan", 1L, "postgres;main;read", 3L));

    @Test
    void framesAreLaidOutCallersFirstWithTheirSpanOfTheRootsSamples() {
        List<List<Object>> items = FlameGraphs.flatten(AFTER, null, false);

        assertThat(items).extracting(i -> i.subList(0, 5)).containsExactly(
                List.of(0, 0.0, 1.0, "all", 4L),
                List.of(1, 0.0, 1.0, "postgres", 4L),
                List.of(2, 0.0, 1.0, "main", 4L),
                List.of(3, 0.0, 0.75, "read", 3L),
                List.of(3, 0.75, 1.0, "scan", 1L));
        assertThat(items).allMatch(i -> i.get(5) == null); // no delta in a plain graph
    }

    @Test
    void theDifferentialGivesEachFramesChangeOfShareInPoints() {
        List<List<Object>> items = FlameGraphs.flatten(AFTER, BEFORE, true);

        assertThat(items).extracting(i -> i.get(3) + " " + i.get(5))
                .containsExactly("all 0.0", "postgres 0.0", "main 0.0", "read 50.0", "scan -50.0");
        // 4 samples a side: no change passes the profile test, so no frame is coloured
        assertThat(items).allMatch(i -> Boolean.FALSE.equals(i.get(6)));
    }

    @Test
    void onlyFramesWhoseChangePassesTheProfileTestAreColoured() {
        FoldedStacks before = new FoldedStacks(Map.of("postgres;main;scan", 3000L, "postgres;main;read", 1000L,
                "postgres;main;hash", 500L));
        FoldedStacks after = new FoldedStacks(Map.of("postgres;main;scan", 1500L, "postgres;main;read", 2500L,
                "postgres;main;hash", 505L));
        List<List<Object>> items = FlameGraphs.flatten(after, before, true, true);
        assertThat(items).filteredOn(i -> Boolean.TRUE.equals(i.get(6))).extracting(i -> i.get(3))
                .containsExactlyInAnyOrder("read", "scan");
        assertThat(FlameGraphs.legend(before.samples(), items, true)).contains("only where the change passes the profile"
                + " test (two-sided two-proportion z-test on the samples, Holm over 6 frames at 0.05, and a change of"
                + " at least 1.0 point): 2 of 6 frames; the others grey");
        // the step's throughput does not differ (the why-gate): every frame grey, whatever its change
        List<List<Object>> gated = FlameGraphs.flatten(after, before, true, false);
        assertThat(gated).allMatch(i -> Boolean.FALSE.equals(i.get(6)));
        assertThat(FlameGraphs.legend(before.samples(), gated, false)).contains("every frame grey");
    }

    @Test
    void anAaPairOfProfilesGetsNoColouredFrame() {
        // two draws of one profile (the same shares, sampling noise of a few samples): nothing passes
        FoldedStacks a = new FoldedStacks(Map.of("postgres;main;scan", 3012L, "postgres;main;read", 988L,
                "postgres;main;hash;probe", 497L, "postgres;main;hash;build", 250L));
        FoldedStacks b = new FoldedStacks(Map.of("postgres;main;scan", 2990L, "postgres;main;read", 1004L,
                "postgres;main;hash;probe", 506L, "postgres;main;hash;build", 241L));
        assertThat(FlameGraphs.flatten(a, b, true, true)).allMatch(i -> Boolean.FALSE.equals(i.get(6)));
    }

    @Test
    void aPlainGraphHasNoTestResult() {
        assertThat(FlameGraphs.flatten(AFTER, null, false)).allMatch(i -> i.get(6) == null);
    }
}
