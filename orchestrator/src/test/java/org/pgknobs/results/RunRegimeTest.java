package org.pgknobs.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.collector.QueryCatalog;
import org.pgknobs.collector.SireadLocks;
import org.pgknobs.collector.StatRow;
import org.pgknobs.collector.WindowStats;
import org.pgknobs.json.Json;

@Tag("unit")
class RunRegimeTest {

    private static StatRow scans(String table, long seq, long idx) {
        return new StatRow(Map.of("table", table), Map.of("seq_scan", seq, "idx_scan", idx));
    }

    private static SireadLocks.Relation relationLevel(int samples) {
        return new SireadLocks.Relation(samples, 0, 0, 4, 0, 0);
    }

    private static RunRegime regime(int samples, Map<String, SireadLocks.Relation> locks, List<StatRow> scans) {
        WindowStats w = new WindowStats("tpcc", 0, 1000, 1, Map.of(QueryCatalog.TABLE_SCANS, scans), null, Map.of(),
                Map.of(), new SireadLocks(samples, locks));
        return RunRegime.of(w, null);
    }

    @Test
    void aTableIsRelationLockedFromHalfTheSamplesWhenSeqScansReadIt() {
        RunRegime r = regime(20, Map.of("district", relationLevel(10), "warehouse", relationLevel(9),
                        "stock", new SireadLocks.Relation(0, 0, 20, 0, 0, 90)),
                List.of(scans("district", 50, 0), scans("warehouse", 40, 0), scans("stock", 0, 700)));
        assertThat(r.relationLocked()).containsExactly("district");
        assertThat(r.name()).isEqualTo("relation-level on district");
        assertThat(r.lockedShare()).isEqualTo(0.5);
        assertThat(r.seqScans(List.of("district", "warehouse"))).isEqualTo(90);
        assertThat(r.planCallsMissing()).contains("pg_stat_statements");
    }

    @Test
    void relationLevelLocksOfATableReadOnlyByIndexesArePromotionsNotTheRegime() {
        // many tuple locks of one transaction on one relation are promoted to a relation lock: no Seq Scan behind it
        RunRegime r = regime(10, Map.of("order_line", relationLevel(10)), List.of(scans("order_line", 0, 300)));
        assertThat(r.relationLocked()).isEmpty();
        assertThat(r.name()).isEqualTo("tuple-level");
    }

    /**
     * Measured runs (bench tpcc --driver both, 8 warehouses, 12 terminals, 2026-12-03): relation-level locks on
     * district in 92.5 % of samples with 32,387 Seq Scans against 90,769 index scans was the relation-level regime
     * (NewOrders 6.8 % of the mix, 48 retries each), and so was 85 % with 3,053 against 74,020 (27.6 %, 6.8 retries);
     * 10 % with 570 against 56,557 was tuple-level (51.9 %, 0.55), as was a run with locks in 45 % of samples from
     * 194 Seq Scans before 30,262 index scans.
     */
    @Test
    void seqScansFromTwoPercentOfATablesScansNameItsRelationLocksTheRegime() {
        assertThat(regime(40, Map.of("district", relationLevel(37)), List.of(scans("district", 32_387, 90_769)))
                .relationLocked()).containsExactly("district");
        assertThat(regime(40, Map.of("district", relationLevel(34)), List.of(scans("district", 3_053, 74_020)))
                .relationLocked()).containsExactly("district");
        assertThat(regime(41, Map.of("district", relationLevel(4)), List.of(scans("district", 570, 56_557)))
                .name()).isEqualTo("tuple-level");
        assertThat(regime(48, Map.of("district", relationLevel(24)), List.of(scans("district", 194, 30_262)))
                .name()).as("half the samples, but Seq Scans were 0.6 % of the reads").isEqualTo("tuple-level");
    }

    @Test
    void withoutSamplesThereIsNoRegime() {
        RunRegime r = regime(0, Map.of(), List.of(scans("district", 5, 0)));
        assertThat(r.measured()).isFalse();
        assertThat(r.name()).startsWith("not measured");
    }

    @Test
    void repeatsInDifferentRegimesAreNamedBimodalWithTheirMajority() {
        RunRegime tuple = regime(10, Map.of(), List.of(scans("district", 0, 40)));
        RunRegime relation = regime(10, Map.of("district", relationLevel(9)), List.of(scans("district", 40, 0)));
        Map<String, RunRegime> runs = new LinkedHashMap<>();
        runs.put("r1", tuple);
        runs.put("r2", relation);
        runs.put("r3", tuple);
        runs.put("r4", regime(0, Map.of(), List.of()));
        RegimeGroups g = RegimeGroups.of(runs);
        assertThat(g.bimodal()).isTrue();
        assertThat(g.describe()).isEqualTo("bimodal: r1, r3 tuple-level; r2 relation-level on district");
        assertThat(g.majority()).contains("tuple-level");
        runs.remove("r3");
        assertThat(RegimeGroups.of(runs).majority()).as("a tie has no majority").isEmpty();
        assertThat(RegimeGroups.of(Map.of("r1", tuple)).bimodal()).isFalse();
    }

    @Test
    void readsBackFromJson() throws Exception {
        RunRegime r = regime(20, Map.of("district", relationLevel(12)), List.of(scans("district", 3, 1)));
        RunRegime back = Json.parse(Json.text(r), RunRegime.class);
        assertThat(back).isEqualTo(r);
        assertThat(back.name()).isEqualTo("relation-level on district");
    }
}
