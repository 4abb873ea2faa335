package org.pgknobs.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.pgknobs.report.EffectInterval;

/**
 * What every history store does, the same for a SQLite file and a PostgreSQL database: a run recorded reads back as
 * it was recorded, recording it again adds nothing, a store left by schema version 1 migrates with its rows, and
 * writers recording at once leave each step once.
 */
abstract class HistoryStoreContract {

    /** A new, empty store for one test. */
    abstract HistoryLocation freshStore() throws Exception;

    static RunEntry run(String key, String started, double scale) {
        RunFacts facts = new RunFacts(key, "exp", "/results/exp/" + key, started, "0.1.0", "abc1234def", "18.6",
                "PostgreSQL 18.6 on x86_64", "{\"kind\":\"tpcc\"}", "{\"cores\":2}",
                "{\"probes\":[{\"name\":\"cpu\",\"unit\":\"ms\",\"values\":[10.0,10.2,9.9],\"median\":10.0}]}");
        StepEntry base = StepEntry.of("base", 1, Map.of("shared_buffers", "128MB"), "tpcc", 100 * scale, null,
                List.of(new StepEntry.RepeatValue(1, 99 * scale, 3.0, started),
                        new StepEntry.RepeatValue(2, 101 * scale, 3.0, started)));
        StepEntry v1 = StepEntry.of("v1", 2, Map.of("shared_buffers", "1MB"), "tpcc", 50 * scale,
                EffectInterval.slowdown("base", List.of(99.0, 101.0), List.of(49.0, 51.0)),
                List.of(new StepEntry.RepeatValue(1, 49 * scale, 3.0, started),
                        new StepEntry.RepeatValue(2, 51 * scale, 3.0, null)));
        return new RunEntry(facts, List.of(base, v1));
    }

    @Test
    void aRecordedRunReadsBackAndRecordingItAgainAddsNothing() throws Exception {
        try (HistoryStore store = HistoryStore.open(freshStore())) {
            assertThat(store.schemaVersion()).isEqualTo(Migrations.CURRENT);
            RunEntry run = run("r1", "2026-12-01T00:00:00Z", 1);
            assertThat(store.record(run)).as("2 steps and 4 repeat values").isEqualTo(6);
            assertThat(store.record(run)).isZero();
            assertThat(store.counts()).isEqualTo(Map.of("history_run", 1, "history_step", 2, "history_value", 4));

            List<StoredStep> v1 = store.steps("exp", "v1", null);
            assertThat(v1).singleElement().satisfies(s -> {
                assertThat(s.run()).isEqualTo(run.facts());
                assertThat(s.step().settings()).containsExactlyEntriesOf(Map.of("shared_buffers", "1MB"));
                assertThat(s.step().fingerprint()).isEqualTo(run.steps().get(1).fingerprint())
                        .isNotEqualTo(run.steps().get(0).fingerprint());
                assertThat(s.step().values()).isEqualTo(run.steps().get(1).values());
                assertThat(s.step().vsBase().ratio()).isEqualTo(run.steps().get(1).vsBase().ratio());
                assertThat(s.step().vsBase().lower()).isEqualTo(run.steps().get(1).vsBase().lower());
            });
            assertThat(store.steps(null, null, "l.i1")).isEmpty();
            assertThat(store.steps("exp", null, "tpcc")).hasSize(2);
        }
    }

    @Test
    void aStoreOfSchemaVersion1MigratesWithItsRows() throws Exception {
        HistoryLocation location = freshStore();
        try (HistoryStore v1 = HistoryStore.open(location, 1); Statement s = v1.connection().createStatement()) {
            assertThat(v1.schemaVersion()).isEqualTo(1);
            // the rows as the first version wrote them: no calibration column yet
            s.execute("INSERT INTO history_run (run_key, experiment, result_dir, started, postgres_version, workload, "
                    + "recorded_at) VALUES ('old', 'exp', '/results/exp/old', '2026-11-01T00:00:00Z', '18.6', "
                    + "'{\"kind\":\"tpcc\"}', '2026-11-01T00:00:00Z')");
            s.execute("INSERT INTO history_step (run_key, step, step_index, experiment, fingerprint, settings, metric, "
                    + "median, n) VALUES ('old', 'base', 1, 'exp', 'f00', '{\"shared_buffers\":\"128MB\"}', 'tpcc', 100, 1)");
            s.execute("INSERT INTO history_value (run_key, step, repeat, value) VALUES ('old', 'base', 1, 100)");
        }
        try (HistoryStore current = HistoryStore.open(location)) {
            assertThat(current.schemaVersion()).isEqualTo(Migrations.CURRENT).isGreaterThan(1);
            assertThat(current.steps("exp", "base", null)).singleElement().satisfies(s -> {
                assertThat(s.run().calibration()).isNull();
                assertThat(s.step().numbers()).containsExactly(100.0);
            });
            assertThat(current.record(run("r1", "2026-12-01T00:00:00Z", 1))).isEqualTo(6);
            assertThat(current.steps("exp", "base", null)).extracting(s -> s.run().runKey()).containsExactly("old", "r1");
        }
        try (HistoryStore again = HistoryStore.open(location)) {
            assertThat(again.counts().get("history_step")).as("opening a current store migrates nothing").isEqualTo(3);
        }
    }

    @Test
    void threeWritersRecordingTheSameRunsAtOnceLeaveEachStepOnce() throws Exception {
        HistoryLocation location = freshStore();
        List<RunEntry> runs = List.of(run("a", "2026-12-01T00:00:00Z", 1), run("b", "2026-12-02T00:00:00Z", 1.1),
                run("c", "2026-12-03T00:00:00Z", 0.9));
        int writers = 3;
        CyclicBarrier start = new CyclicBarrier(writers);
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<Integer>> added = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                int offset = w;
                added.add(pool.submit(() -> {
                    // each writer its own connection, opening a new store (migrating it) at the same moment
                    start.await();
                    try (HistoryStore store = HistoryStore.open(location)) {
                        int rows = 0;
                        for (int i = 0; i < runs.size(); i++) {
                            rows += store.record(runs.get((i + offset) % runs.size()));
                        }
                        return rows;
                    }
                }));
            }
            int total = 0;
            for (Future<Integer> f : added) {
                total += f.get();
            }
            assertThat(total).as("every row added by exactly one writer").isEqualTo(3 * 6);
        } finally {
            pool.shutdownNow();
        }
        try (HistoryStore store = HistoryStore.open(location)) {
            assertThat(store.counts()).isEqualTo(Map.of("history_run", 3, "history_step", 6, "history_value", 12));
            assertThat(store.steps("exp", "base", null)).extracting(s -> s.run().runKey()).containsExactly("a", "b", "c");
        }
    }
}
