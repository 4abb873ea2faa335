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
    }
}
