package org.pgknobs.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.history.changes.AfterLastChange;
import org.pgknobs.history.changes.ChangePointOptions;
import org.pgknobs.history.changes.HistoryChanges;

/**
 * {@code history changes} over stored runs: a series whose last three runs set a slowing setting has its change point
 * at run 4, named with the setting that differed; the gate's last stable segment is the runs after that change.
 */
@Tag("unit")
class HistoryChangesTest {

    private static final String CALIBRATION =
            "{\"probes\":[{\"name\":\"cpu\",\"unit\":\"ms\",\"values\":[10.0,10.2,9.9],\"median\":10.0}]}";

    /** Run i (1-based) of a series: the first {@code slowFrom - 1} at ~100/s, the rest with index scans off at ~70/s. */
    private static StoredStep run(int i, int slowFrom) {
        boolean slow = i >= slowFrom;
        double level = slow ? 70 : 100;
        double wobble = 1 + 0.01 * ((i * 7) % 3 - 1);  // ±1 %, deterministic
        String started = "2026-12-0" + i + "T00:00:00Z";
        RunFacts facts = new RunFacts("r" + i, "exp", "/results/exp/r" + i, started, "0.1.0", "abc1234def", "18.6",
                "PostgreSQL 18.6", "{\"kind\":\"tpcc\"}", "{\"cores\":2}", CALIBRATION);
        Map<String, String> settings = slow ? Map.of("enable_indexscan", "off") : Map.of();
        List<StepEntry.RepeatValue> values = new ArrayList<>();
        for (int r = 1; r <= 3; r++) {
            values.add(new StepEntry.RepeatValue(r, level * wobble * (1 + 0.005 * (r - 2)), 3.0, started));
        }
        return new StoredStep(facts, StepEntry.of("order-status", 1, settings, "tpcc", level * wobble, null, values));
    }

    private static List<StoredStep> series(int runs, int slowFrom) {
        List<StoredStep> out = new ArrayList<>();
        for (int i = 1; i <= runs; i++) {
            out.add(run(i, slowFrom));
        }
        return out;
    }

    @Test
    void theChangeIsAtRunFourAndTheSettingIsNamed() {
        List<String> lines = HistoryChanges.lines(series(6, 4), ChangePointOptions.DEFAULTS);
        assertThat(lines.get(0)).isEqualTo("exp / order-status / tpcc (6 run(s)): 1 change point(s)");
        assertThat(lines.get(1)).startsWith("  at run 4 of 6 (2026-12-04 00:00): after ÷ before ×0.7")
                .contains("(3 → 3 runs)").contains("last run before 2026-12-03 00:00 (r3), first after 2026-12-04 00:00 (r4)");
        assertThat(lines.get(2)).isEqualTo("    differed: settings enable_indexscan (unset) → off");
    }

    @Test
    void aFlatSeriesHasNoChangePoint() {
        assertThat(HistoryChanges.lines(series(6, 99), ChangePointOptions.DEFAULTS))
                .containsExactly("exp / order-status / tpcc (6 run(s)): no change point");
    }

    @Test
    void theGateComparesWithTheRunsAfterTheLastChange() {
        AfterLastChange segment = new AfterLastChange(ChangePointOptions.DEFAULTS);
        List<StoredStep> moved = series(6, 4);
        assertThat(segment.lastStable(moved)).extracting(s -> s.run().runKey()).containsExactly("r4", "r5", "r6");
        assertThat(segment.lastStable(series(6, 99))).hasSize(6);
        assertThat(segment.lastStable(moved.subList(0, 1))).hasSize(1);
    }
}
