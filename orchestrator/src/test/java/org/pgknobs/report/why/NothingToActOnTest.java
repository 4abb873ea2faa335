package org.pgknobs.report.why;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pgknobs.collector.AutovacuumActivity;
import org.pgknobs.collector.Derived;
import org.pgknobs.collector.QueryCatalog;
import org.pgknobs.collector.Rate;
import org.pgknobs.collector.StatRow;
import org.pgknobs.collector.WholeRun;
import org.pgknobs.collector.WindowStats;

/**
 * Each family of {@link Mechanism#TABLE}: named with its counter when that counter is 0 in both steps, silent as
 * soon as either step shows the mechanism engaged, silent when the counter was not collected, and silent for a
 * setting the table does not know.
 */
@Tag("unit")
class NothingToActOnTest {

    /** A window whose every counter the table reads is 0 (PG 18: pg_stat_io with WAL rows, num_done). */
    static Window idle() {
        return new Window();
    }

    /** Setting, the counter to raise (group, labels, column) in the engaged window, what the idle line says. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "max_wal_size|checkpoints||num_done|0 checkpoints",
        "min_wal_size|checkpoints||num_done|0 checkpoints",
        "checkpoint_timeout|checkpoints||num_done|0 checkpoints",
        "checkpoint_completion_target|checkpoints||num_done|0 checkpoints",
        "shared_buffers|pg_stat_io|client backend,relation|evictions|0 buffer evictions",
        "shared_buffers|pg_stat_io|autovacuum worker,relation|reuses|or ring reuses",
        "wal_buffers|pg_stat_wal||wal_buffers_full|wal_buffers full 0 times",
        "backend_flush_after|pg_stat_io|client backend,relation|writebacks|0 writebacks by backends",
        "bgwriter_flush_after|pg_stat_io|background writer,relation|writebacks|0 writebacks by the background writer",
        "checkpoint_flush_after|pg_stat_io|checkpointer,relation|writebacks|0 writebacks by the checkpointer",
        "wal_writer_flush_after|pg_stat_io|walwriter,wal|writes|0 WAL writes by the WAL writer",
        "autovacuum_naptime|tables||autovacuum_count|0 autovacuum or autoanalyze runs",
        "autovacuum_work_mem|tables||autoanalyze_count|0 autovacuum or autoanalyze runs",
        "autovacuum|tables||autovacuum_count|0 autovacuum or autoanalyze runs",
        "bgwriter_lru_maxpages|bgwriter||buffers_clean|0 buffers written by the background writer",
        "bgwriter_delay|bgwriter||buffers_clean|0 buffers written by the background writer",
        "full_page_writes|pg_stat_wal||wal_fpi|0 full-page images",
        "wal_compression|pg_stat_wal||wal_fpi|0 full-page images"})
    void eachFamilyNamesItsCounterWhenIdleAndIsSilentWhenEngaged(String setting, String group, String labels,
                                                                 String column, String idleText) {
        Map<String, String> changed = Map.of(setting, "42");
        List<Inert> idle = find(changed, List.of(idle().build()), List.of(idle().build()));
        assertThat(idle).singleElement().satisfies(i -> {
            assertThat(i.text()).startsWith(setting + " 42: ").contains(" in either step (base and a7, warm-up and every"
                    + " phase of all 1 + 1 measured repeats").doesNotContain("nothing to act on");
            assertThat(i.counter()).contains(idleText);
            assertThat(i.settings()).containsExactly(setting + " 42");
            assertThat(i.against()).isEqualTo("base");
            assertThat(i.figures()).isNotEmpty();
            assertThat(i.reason().rule()).isEqualTo("nothing-to-act-on");
        });
        WindowStats engaged = idle().set(group, labels, column, 3).build();
        assertThat(find(changed, List.of(engaged), List.of(idle().build()))).as("engaged in the step").isEmpty();
        assertThat(find(changed, List.of(idle().build()), List.of(engaged))).as("engaged in the compared step").isEmpty();
        assertThat(find(changed, List.of(idle().build(), engaged), List.of(idle().build(), idle().build())))
                .as("engaged in one repeat of two").isEmpty();
    }

    @Test
    void maxWalSizeWithAndWithoutRequestedCheckpointsOnServersBefore18() {
        Map<String, String> changed = Map.of("max_wal_size", "241MB");
        Window none = idle().pg17().wal(202e6);
        assertThat(find(changed, List.of(none.build()), List.of(none.build()))).singleElement()
                .extracting(Inert::text).isEqualTo("max_wal_size 241MB: no checkpoint started or ran in either step (base"
                        + " and a7, warm-up and every phase of all 1 + 1 measured repeats; 0 started, none completed, 0"
                        + " buffers written by the checkpointer; WAL per step at most 202 MB, at most 150 MB since the"
                        + " last redo point)");
        WindowStats requested = idle().pg17().set("checkpoints", "", "num_requested", 12).build();
        assertThat(find(changed, List.of(requested), List.of(none.build()))).isEmpty();
    }

    @Test
    void readsWithoutAnEvictionAreTheColdStartsNotSharedBuffersAtWork() {
        WindowStats coldStart = idle().set("pg_stat_io", "client backend,relation", "reads", 2323).build();
        assertThat(find(Map.of("shared_buffers", "120MB"), List.of(coldStart), List.of(coldStart))).singleElement()
                .extracting(Inert::counter).isEqualTo("0 buffer evictions or ring reuses");
    }

    @Test
    void autovacuumWorkersSeenRunningCountAsEngagedThoughNoneFinished() {
        AutovacuumActivity running = new AutovacuumActivity(10, 8.0, 0.4, 0, 0, 0, List.of(
                new AutovacuumActivity.Table("public.t", 8.0, 0.4, 0, 1, 0, 0, "scanning heap", 100L, 50, 0)));
        Map<String, String> changed = Map.of("autovacuum_vacuum_scale_factor", "0.05");
        assertThat(find(changed, List.of(idle().autovacuum(running).build()), List.of(idle().build()))).isEmpty();
    }

    @Test
    void settingsOfOneFamilyShareOneLineAndFamiliesKeepTheTablesOrder() {
        Map<String, String> changed = Map.of("min_wal_size", "80MB", "max_wal_size", "1GB", "wal_compression", "lz4");
        List<Inert> idle = find(changed, List.of(idle().build(), idle().build()), List.of(idle().build()));
        assertThat(idle).extracting(Inert::family).containsExactly("checkpoints", "full-page images");
        assertThat(idle.get(0).text()).isEqualTo("max_wal_size 1GB, min_wal_size 80MB: no checkpoint started or ran in"
                + " either step (base and a7, warm-up and every phase of all 1 + 2 measured repeats; 0 started, none"
                + " completed, 0 buffers written by the checkpointer; at most 150 MB since the last redo point)");
        assertThat(idle.get(0).brief()).isEqualTo("max_wal_size, min_wal_size (0 checkpoints)");
    }

    @Test
    void unknownSettingsAndUncollectedCountersSaySomethingNever() {
        assertThat(Mechanism.of("work_mem")).isEmpty();
        assertThat(Mechanism.of("random_page_cost")).isEmpty();
        assertThat(find(Map.of("work_mem", "64MB", "random_page_cost", "1.1"), List.of(idle().build()),
                List.of(idle().build()))).isEmpty();
        // pg_stat_io is missing before PG 16: the buffer and writeback families cannot know
        Window noIo = idle().without(QueryCatalog.IO);
        assertThat(find(Map.of("shared_buffers", "8GB", "backend_flush_after", "256kB"), List.of(noIo.build()),
                List.of(noIo.build()))).isEmpty();
        // PG 16/17's pg_stat_io has no WAL rows: the WAL writer's writes are not 0, they are unknown
        assertThat(find(Map.of("wal_writer_flush_after", "1MB"), List.of(idle().pg17().build()),
                List.of(idle().pg17().build()))).isEmpty();
        // no window on either side (a failed step, no collector)
        assertThat(find(Map.of("max_wal_size", "1GB"), List.of(), List.of(idle().build()))).isEmpty();
    }

    // ---- issue 45, point 3: each counterexample keeps the rule silent ----

    @Test
    void aCheckpointInTheWarmUpOnlyKeepsItSilent() {
        // 0 checkpoints in every measured window, one started and done in the warm-up: the whole run shows it
        WindowStats window = idle().build();
        WholeRun warmUpCheckpoint = new WholeRun(idle().set("checkpoints", "", "num_timed", 1)
                .set("checkpoints", "", "num_done", 1).build(), REDO, new WholeRun.Redo(2e9, 1e6));
        assertThat(NothingToActOn.find(new NothingToActOn.Sides("a7", List.of(window), List.of(warmUpCheckpoint),
                "base", List.of(window), whole(List.of(window))), Map.of("max_wal_size", "241MB"))).isEmpty();
    }

    @Test
    void aCheckpointSpanningTheWindowKeepsItSilent() {
        // PG 17: begun before the window (counted at its start, outside), it wrote all through the window
        WindowStats writing = idle().pg17().set("checkpoints", "", "buffers_written", 4096).build();
        WindowStats none = idle().pg17().build();
        Map<String, String> changed = Map.of("max_wal_size", "241MB");
        assertThat(find(changed, List.of(writing), List.of(none))).isEmpty();
        // begun before the step and completed in it: 0 started, 0 buffers counted, but the checkpoint record moved
        WholeRun completed = new WholeRun(none, REDO, new WholeRun.Redo(REDO.checkpointLsn() + 8192, 1e6));
        assertThat(NothingToActOn.find(new NothingToActOn.Sides("a7", List.of(none), List.of(completed), "base",
                List.of(none), whole(List.of(none))), changed)).isEmpty();
        // and where the checkpoint record's position is not known, completion is not known either
        WholeRun unknownEnd = new WholeRun(none, REDO, null);
        assertThat(NothingToActOn.find(new NothingToActOn.Sides("a7", List.of(none), List.of(unknownEnd), "base",
                List.of(none), whole(List.of(none))), changed)).isEmpty();
    }

    @Test
    void aMissingWorkerSampleKeepsItSilent() {
        Map<String, String> changed = Map.of("autovacuum_naptime", "1s");
        WindowStats unsampled = idle().autovacuum(null).build();
        assertThat(find(changed, List.of(unsampled), List.of(idle().build()))).as("no worker sample").isEmpty();
        WindowStats failed = idle().missing(QueryCatalog.AUTOVACUUM_WORKERS).build();
        assertThat(find(changed, List.of(idle().build()), List.of(failed))).as("a failed worker sample").isEmpty();
        assertThat(find(changed, List.of(idle().build()), List.of(idle().build()))).as("sampled, idle").hasSize(1);
    }

    @Test
    void aRepeatWithoutItsWholeRunKeepsItSilent() {
        // pgstats.json of pgknobs before issue 45: no whole run, so the warm-up is not known
        WindowStats window = idle().build();
        java.util.List<WholeRun> oneMissing = new ArrayList<>(whole(List.of(window)));
        oneMissing.add(null);
        assertThat(NothingToActOn.find(new NothingToActOn.Sides("a7", List.of(window, window), oneMissing, "base",
                List.of(window), whole(List.of(window))), Map.of("max_wal_size", "241MB"))).isEmpty();
    }

    /** Where the last checkpoint stood, the same at both ends: none completed; 150 MB of WAL since its redo point. */
    private static final WholeRun.Redo REDO = new WholeRun.Redo(1e9, 150e6);

    /** Each window as one repeat whose whole run shows the same counters and no checkpoint completed. */
    private static List<WholeRun> whole(List<WindowStats> windows) {
        return windows.stream().map(w -> new WholeRun(w, REDO, REDO)).toList();
    }

    private static List<Inert> find(Map<String, String> changed, List<WindowStats> step, List<WindowStats> base) {
        return NothingToActOn.find(new NothingToActOn.Sides("a7", step, whole(step), "base", base, whole(base)), changed);
    }

    /** Builds one window's deltas, every counter 0 unless set. */
    static final class Window {
        private final Map<String, List<StatRow>> groups = new HashMap<>();
        /** Sampled, and nothing seen: a worker sample is part of an idle window. */
        private AutovacuumActivity autovacuum = new AutovacuumActivity(10, 0.0, 0.0, 0, 0, 0, List.of());
        private Double walBytes;
        private final Map<String, String> missing = new HashMap<>();

        Window() {
            put("checkpoints", Map.of(), "num_timed", "num_requested", "num_done", "buffers_written");
            put("pg_stat_wal", Map.of(), "wal_records", "wal_fpi", "wal_bytes", "wal_buffers_full");
            put("bgwriter", Map.of(), "buffers_clean", "maxwritten_clean", "buffers_alloc");
            put("tables", Map.of(), "autovacuum_count", "autoanalyze_count");
            for (String type : List.of("client backend", "autovacuum worker", "background writer", "checkpointer",
                    "walwriter")) {
                put("pg_stat_io", Map.of("backend_type", type, "object", "relation", "context", "normal"),
                        "reads", "writes", "writebacks", "hits", "evictions", "reuses");
                put("pg_stat_io", Map.of("backend_type", type, "object", "wal", "context", "normal"),
                        "reads", "writes", "fsyncs");
            }
        }

        private void put(String group, Map<String, String> labels, String... columns) {
            Map<String, Number> values = new HashMap<>();
            for (String c : columns) {
                values.put(c, 0L);
            }
            groups.computeIfAbsent(group, g -> new ArrayList<>()).add(new StatRow(labels, values));
        }

        /** Raises one counter; {@code labels} "backend type,object" for pg_stat_io, empty for one-row groups. */
        Window set(String group, String labels, String column, long value) {
            List<StatRow> rows = groups.get(group);
            for (int i = 0; i < rows.size(); i++) {
                StatRow r = rows.get(i);
                String[] l = labels == null || labels.isEmpty() ? new String[0] : labels.split(",");
                if (l.length == 0 || (l[0].equals(r.label("backend_type")) && l[1].equals(r.label("object")))) {
                    Map<String, Number> values = new HashMap<>(r.values());
                    values.put(column, value);
                    rows.set(i, new StatRow(r.labels(), values));
                    return this;
                }
            }
            throw new IllegalArgumentException(group + " " + labels);
        }

        /** Before PG 18: no num_done, no WAL rows in pg_stat_io. */
        Window pg17() {
            groups.get("pg_stat_io").removeIf(r -> "wal".equals(r.label("object")));
            StatRow c = groups.get("checkpoints").get(0);
            Map<String, Number> values = new HashMap<>(c.values());
            values.remove("num_done");
            groups.put("checkpoints", new ArrayList<>(List.of(new StatRow(c.labels(), values))));
            return this;
        }

        Window without(String group) {
            groups.remove(group);
            return this;
        }

        Window autovacuum(AutovacuumActivity a) {
            autovacuum = a;
            return this;
        }

        /** A query that failed at the window's edge, as pgstats.json's {@code missing} names it. */
        Window missing(String group) {
            missing.put(group, "at window end: ERROR: canceling statement due to statement timeout");
            return this;
        }

        Window wal(double bytes) {
            walBytes = bytes;
            return this;
        }

        WindowStats build() {
            Derived d = new Derived(60, null, null, new Derived.Wal(walBytes == null ? null : Rate.of(walBytes, 60, 0),
                    null, null, null), null, Map.of(), null, null, null, null, autovacuum);
            return new WindowStats("l.i1", 0, 60_000, 60, Map.copyOf(groups), d, Map.of(), Map.copyOf(missing), null);
        }
    }
}
