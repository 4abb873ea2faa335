package org.pgknobs.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gate's comparison key: only earlier runs of the same step with the same settings, workload and PostgreSQL
 * version count (any version with {@code acrossVersions}, any settings with {@code acrossSettings}, which names the
 * settings that differ); a later run and the run itself never do.
 */
@Tag("unit")
class GateTest {

    private static RunEntry with(RunEntry run, String key, String started, String postgres) {
        RunFacts f = run.facts();
        return new RunEntry(new RunFacts(key, f.experiment(), f.resultDir() + key, started, f.pgknobsVersion(),
                f.pgknobsCommit(), postgres, f.postgresBuild(), f.workload(), f.host(), f.calibration()), run.steps());
    }

    @Test
    void onlyEarlierRunsOfTheSameKeyAreCompared(@TempDir Path dir) {
        try (HistoryStore store = HistoryStore.open(new HistoryLocation(dir.resolve("h.sqlite").toString()))) {
            store.record(with(HistoryStoreContract.run("x", null, 1), "e1", "2026-12-01T00:00:00Z", "18.6"));
            store.record(with(HistoryStoreContract.run("x", null, 1.02), "e2", "2026-12-02T00:00:00Z", "18.6"));
            store.record(with(HistoryStoreContract.run("x", null, 1), "other-version", "2026-12-02T01:00:00Z", "17.9"));
            store.record(with(HistoryStoreContract.run("x", null, 1), "later", "2026-12-09T00:00:00Z", "18.6"));
            RunEntry now = with(HistoryStoreContract.run("x", null, 0.5), "now", "2026-12-05T00:00:00Z", "18.6");
            store.record(now);

            Gate gate = new Gate(false, false, 1, false, Segment.ALL);
            List<Gate.Check> checks = gate.check(now, store);
            assertThat(checks).extracting(Gate.Check::outcome).containsExactly(Gate.Outcome.SLOWER, Gate.Outcome.SLOWER);
            assertThat(checks).allSatisfy(c -> {
                assertThat(c.earlier()).extracting(s -> s.run().runKey()).containsExactly("e1", "e2");
                assertThat(c.slowdown().lower()).isGreaterThan(1);
                assertThat(c.message()).contains("calibration: this run cpu 10.0 ms").contains("cpu ×1.00 [");
            });
            assertThat(new Gate(true, false, 1, false, Segment.ALL).check(now, store).get(0).earlier())
                    .extracting(s -> s.run().runKey()).containsExactly("e1", "e2", "other-version");

            RunEntry otherSettings = new RunEntry(now.facts(), List.of(StepEntry.of("base", 1,
                    Map.of("shared_buffers", "256MB"), "tpcc", 50.0, null, now.steps().get(0).values())));
            assertThat(gate.check(otherSettings, store)).singleElement().satisfies(c -> {
                assertThat(c.outcome()).isEqualTo(Gate.Outcome.NO_HISTORY);
                assertThat(c.message()).contains("2 earlier run(s) of the step with other settings")
                        .contains("settings shared_buffers 128MB → 256MB").endsWith("--across-settings compares with them");
            });
            // across settings, the file's change is judged like any other, and named
            assertThat(new Gate(false, true, 1, false, Segment.ALL).check(otherSettings, store)).singleElement()
                    .satisfies(c -> {
                        assertThat(c.outcome()).isEqualTo(Gate.Outcome.SLOWER);
                        assertThat(c.earlier()).extracting(s -> s.run().runKey()).containsExactly("e1", "e2");
                        assertThat(c.message()).contains("against 2 earlier run(s) with the same workload and PostgreSQL 18.6 (any settings)")
                                .contains("differed from the last earlier run: settings shared_buffers 128MB → 256MB");
                    });
            assertThat(new Gate(false, false, 1, true, Segment.ALL).check(now, store).get(0).outcome())
                    .as("lower is better: half the value is faster").isEqualTo(Gate.Outcome.FASTER);
        }
    }
}
