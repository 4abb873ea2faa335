package org.pgknobs.collector;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A window's statements from two snapshots: entries that appear, vanish, restart, carry nulls. */
@Tag("unit")
class StatementDeltasTest {

    private static final StatementSnapshot.Key SELECT = new StatementSnapshot.Key(10, true, 111L);
    private static final StatementSnapshot.Key UPDATE = new StatementSnapshot.Key(10, true, 222L);
    private static final StatementSnapshot.Key NESTED = new StatementSnapshot.Key(10, false, 333L);

    private static StatementSnapshot.Entry entry(String query, long calls, double ms, Long since) {
        return new StatementSnapshot.Entry(query, new StatementCounters(calls, ms, calls * 2, 100 * calls, calls, 0L,
                0L, calls, 1000 * calls), since);
    }

    private static StatementSnapshot snap(long nanos, Map<StatementSnapshot.Key, StatementSnapshot.Entry> entries,
                                          Long dealloc) {
        return new StatementSnapshot(1000 + nanos / 1_000_000, nanos, entries, dealloc, 5L, null);
    }

    @Test
    void countersAreDifferencesAndTheMeanIsTheWindowsOwnMostTimeFirst() {
        StatementSnapshot start = snap(0, Map.of(SELECT, entry(null, 100, 50.0, null), UPDATE, entry(null, 10, 90.0, null)), 3L);
        StatementSnapshot end = snap(2_000_000_000L, Map.of(SELECT, entry("select $1", 130, 56.0, null),
                UPDATE, entry("update t set v = $1", 20, 190.0, null)), 3L);
        StatementWindow w = StatementDeltas.between("tpcc", start, end);
        assertThat(w.seconds()).isEqualTo(2.0);
        assertThat(w.statements()).extracting(StatementStats::query).containsExactly("update t set v = $1", "select $1");
        StatementStats update = w.statements().get(0);
        assertThat(update.calls()).isEqualTo(10);
        assertThat(update.totalExecMs()).isEqualTo(100.0);
        assertThat(update.meanExecMs()).isEqualTo(10.0);
        assertThat(update.rows()).isEqualTo(20);
        assertThat(update.sharedBlksHit()).isEqualTo(1000);
        assertThat(update.walBytes()).isEqualTo(10_000);
        assertThat(w.statements().get(1).meanExecMs()).isEqualTo(0.2);
        assertThat(w.totals().calls()).isEqualTo(40);
        assertThat(w.evictions()).isZero();
        assertThat(w.reset()).isFalse();
        assertThat(w.missing()).isNull();
    }

    @Test
    void anEntryMadeInTheWindowCountsFromZeroAndOneGoneIsCountedAsVanished() {
        StatementSnapshot start = snap(0, Map.of(SELECT, entry(null, 100, 50.0, null), UPDATE, entry(null, 7, 1.0, null)), 40L);
        StatementSnapshot end = snap(1, Map.of(SELECT, entry("select $1", 100, 50.0, null),
                NESTED, entry("insert into t values ($1)", 4, 8.0, null)), 42L);
        StatementWindow w = StatementDeltas.between("tpcc", start, end);
        // SELECT was not called in the window: left out; the nested insert is new
        assertThat(w.statements()).singleElement().satisfies(s -> {
            assertThat(s.queryid()).isEqualTo(333L);
            assertThat(s.calls()).isEqualTo(4);
            assertThat(s.toplevel()).isFalse();
            assertThat(s.restarted()).isFalse();
        });
        assertThat(w.vanished()).isEqualTo(1);
        assertThat(w.evictions()).isEqualTo(2);
        // nested statements are inside their callers' time: not in the totals
        assertThat(w.totals().calls()).isZero();
    }

    @Test
    void anEntryMadeAgainInTheWindowCountsFromItsNewStart() {
        StatementSnapshot start = snap(0, Map.of(SELECT, entry(null, 100, 50.0, 1L), UPDATE, entry(null, 50, 9.0, null)), 0L);
        StatementSnapshot end = snap(1, Map.of(SELECT, entry("select $1", 150, 70.0, 2L), UPDATE, entry("u", 5, 1.0, null)), 1L);
        StatementWindow w = StatementDeltas.between("tpcc", start, end);
        // stats_since moved (17+): counted whole; counters fell (15, 16): counted whole too
        assertThat(w.statements()).allSatisfy(s -> assertThat(s.restarted()).isTrue());
        assertThat(w.statements()).extracting(StatementStats::calls).containsExactly(150L, 5L);
    }

    @Test
    void nullsStayNullAndAFailedSnapshotLeavesTheWindowEmptyWithTheReason() {
        StatementCounters partial = new StatementCounters(9L, null, 3L, null, null, null, null, null, null);
        StatementSnapshot start = new StatementSnapshot(0, 0, Map.of(), null, null, null);
        StatementSnapshot end = new StatementSnapshot(0, 1, Map.of(SELECT, new StatementSnapshot.Entry(null, partial, null)),
                null, null, null);
        StatementWindow w = StatementDeltas.between("l.i1", start, end);
        assertThat(w.statements()).singleElement().satisfies(s -> {
            assertThat(s.calls()).isEqualTo(9);
            assertThat(s.totalExecMs()).isNull();
            assertThat(s.meanExecMs()).isNull();
            assertThat(s.walBytes()).isNull();
            assertThat(s.query()).isNull();
        });
        assertThat(w.evictions()).as("no pg_stat_statements_info before 14").isNull();
        assertThat(w.totals().totalExecMs()).isNull();

        StatementWindow failed = StatementDeltas.between("l.i1", start,
                StatementSnapshot.failed(0, 1, "permission denied for function pg_stat_statements"));
        assertThat(failed.statements()).isEmpty();
        assertThat(failed.missing()).isEqualTo("at window end: permission denied for function pg_stat_statements");
    }

    @Test
    void theDocumentReadsBackFromTheStepDirectory(@TempDir Path dir) {
        StatementWindow w = StatementDeltas.between("tpcc", snap(0, Map.of(), 0L),
                snap(1, Map.of(SELECT, entry("select $1", 3, 1.5, null)), 0L));
        StatementsDocument doc = new StatementsDocument(StatementsDocument.SCHEMA_VERSION, 180001, "1.12", null, true,
                java.util.List.of(w));
        StatementsFiles.write(doc, StatementsFiles.json(dir, ""));
        assertThat(StatementsFiles.read(dir)).contains(doc);
        assertThat(StatementsFiles.json(dir, "tpcc_x").getFileName().toString()).isEqualTo("tpcc_x.statements.json");
        assertThat(StatementsFiles.read(dir.resolve("nowhere"))).isEmpty();
    }

    @Test
    void aWindowWithoutAPhaseIsNotFoundUnderAnyPhaseInsteadOfFailing() {
        StatementWindow named = StatementDeltas.between("tpcc", snap(0, Map.of(), 0L), snap(1, Map.of(), 0L));
        StatementWindow unnamed = new StatementWindow(null, 0, 1000, 1.0, null, false, 0, named.totals(),
                java.util.List.of(), null);
        StatementsDocument doc = new StatementsDocument(StatementsDocument.SCHEMA_VERSION, 180001, "1.12", null, true,
                java.util.List.of(unnamed, named));
        assertThat(doc.window("tpcc")).contains(named);
        assertThat(doc.window("other")).isEmpty();
        assertThat(doc.window(null)).isEmpty();
    }

    @Test
    void theQueriesFollowEachMajorsColumns() {
        assertThat(new StatementQueries(150007).entries(true)).contains("s.toplevel", "null::bigint", "pg_stat_statements(true)");
        assertThat(new StatementQueries(170002).entries(false)).contains("s.stats_since", "null::text", "pg_stat_statements(false)");
        assertThat(new StatementQueries(130000).info()).isEmpty();
        assertThat(new StatementQueries(130000).entries(true)).doesNotContain("s.toplevel");
        assertThat(new StatementQueries(120000).unsupported()).isPresent();
        assertThat(new StatementQueries(180000).info()).isPresent();
    }
}
