package org.pgknobs.report.why;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.collector.PlanCalls;
import org.pgknobs.results.RegimeGroups;
import org.pgknobs.results.RegimeShift;
import org.pgknobs.results.RunRegime;

/** The regime rules on crafted measures: what they say, the figures they list, and when they stay silent. */
@Tag("unit")
class RegimeRulesTest {

    private static final RunRegime RELATION = new RunRegime(50, Map.of("district", 0.62, "warehouse", 0.7),
            Map.of("district", new RunRegime.TableScans(300, 0), "warehouse", new RunRegime.TableScans(200, 0)),
            new PlanCalls(900, 100), null);
    private static final RunRegime TUPLE = new RunRegime(50, Map.of(), Map.of("district",
            new RunRegime.TableScans(0, 500)), null, "no generic_plan_calls column");

    private static WhyInput input(long failures, long attempts, RunRegime regime, RegimeGroups repeats) {
        return new WhyInput(null, Optional.empty(), Map.of(), new Evidence(null, "tpcc", Map.of(), attempts, 100L,
                "serializable", null, null, new Evidence.Regime(regime, failures, repeats)));
    }

    @Test
    void namesTheRelationLockedTablesWithEveryFigureItRead() {
        Reason r = new SerializationRegime().explain(input(410, 1000, RELATION, null)).orElseThrow();
        assertThat(r.text()).isEqualTo("41.0 % of attempts failed with 40001 (serialization failures); relation-level"
                + " SIREAD locks on district and warehouse in 62 % of 50 samples; their statements ran by Seq Scan (500"
                + " seq scans on them in the window; 900 of 1000 calls by generic plans)");
        assertThat(r.figures()).contains("retries", "attempts", "siread_locks.samples",
                "siread_locks.district.relation_samples", "table_scans.warehouse.seq_scan",
                "statements.generic_plan_calls");
    }

    @Test
    void saysTupleLevelWhereNoTableIsRelationLockedAndIsSilentBelowOnePercentOrWithoutSamples() {
        assertThat(new SerializationRegime().explain(input(410, 1000, TUPLE, null)).orElseThrow().text())
                .contains("the SIREAD locks were tuple-level").doesNotContain("district");
        assertThat(new SerializationRegime().explain(input(9, 1000, RELATION, null))).isEmpty();
        assertThat(new SerializationRegime().explain(input(410, 1000,
                new RunRegime(0, Map.of(), Map.of(), null, null), null))).isEmpty();
        assertThat(new SerializationRegime().explain(input(410, 1000, RELATION, null)
                .evidence().regime() == null ? null : new WhyInput(null, Optional.empty(), Map.of(),
                Evidence.NONE))).isEmpty();
    }

    @Test
    void bimodalRepeatsAreNamedAndTheIntervalIsOverAllOfThem() {
        Map<String, RunRegime> runs = new LinkedHashMap<>();
        runs.put("r1", TUPLE);
        runs.put("r2", RELATION);
        runs.put("r3", TUPLE);
        Reason r = new RegimeBimodal().explain(input(0, 1000, TUPLE, RegimeGroups.of(runs))).orElseThrow();
        assertThat(r.text()).isEqualTo("bimodal: r1, r3 tuple-level; r2 relation-level on district, warehouse;"
                + " the interval is over all 3 repeats");
        runs.remove("r3");
        assertThat(new RegimeBimodal().explain(input(0, 1000, TUPLE, RegimeGroups.of(runs))).orElseThrow().text())
                .endsWith("the interval is over all 2 repeats");
        assertThat(new RegimeBimodal().explain(input(0, 1000, TUPLE, RegimeGroups.of(Map.of("r1", TUPLE))))).isEmpty();
    }

    @Test
    void aStepThatMovedRepeatsBetweenRegimesSaysSoWithTheSharesAndFishersTest() {
        RegimeShift shift = new RegimeShift("base", Map.of("tuple-level", 3), Map.of("tuple-level", 1,
                "relation-level on district, warehouse", 2), 0.4, List.of());
        Map<String, RunRegime> runs = new LinkedHashMap<>();
        runs.put("r1", TUPLE);
        runs.put("r2", TUPLE);
        runs.put("r3", TUPLE);
        RegimeGroups oneRegime = RegimeGroups.of(runs);
        Reason r = new RegimeBimodal().explain(new WhyInput(null, Optional.empty(), Map.of(), new Evidence(null, "tpcc",
                Map.of(), 1000L, 100L, "serializable", null, null, new Evidence.Regime(TUPLE, 0L, oneRegime, shift))))
                .orElseThrow();
        assertThat(r.text()).isEqualTo("r1, r2, r3 tuple-level; tuple-level in 3 of 3 repeats against 1 of 3 in base,"
                + " relation-level on district, warehouse in 0 of 3 repeats against 2 of 3 in base (Fisher's exact test"
                + " of the shares: p 0.40)");
    }
}
