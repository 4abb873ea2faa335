package org.pgknobs.sidebyside;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.collector.PlanCalls;
import org.pgknobs.results.RunRegime;

/** The driver comparison's regime figures: each run's measures, and no ratio over runs in different regimes. */
@Tag("unit")
class RegimeLineTest {

    private static final RunRegime TUPLE = new RunRegime(40, Map.of(), Map.of("district",
            new RunRegime.TableScans(0, 900)), new PlanCalls(10, 5000), null);
    private static final RunRegime RELATION = new RunRegime(40, Map.of("district", 0.95, "warehouse", 0.9),
            Map.of("district", new RunRegime.TableScans(800, 0), "warehouse", new RunRegime.TableScans(700, 0)),
            null, "no generic_plan_calls column");

    private static DriverFigures run(int pair, String driver, long newOrders, RunRegime regime) {
        return new DriverFigures(pair, driver, 40, Map.of("NewOrder", newOrders, "Payment", 2000L),
                Map.of("NewOrder", 10L, "Payment", 10L), Map.of(), Map.of(), 10.0, 100.0, List.of(1.0, 2.0))
                .withRegime(regime);
    }

    @Test
    void eachRunLineCarriesItsRegimeMeasures() {
        @SuppressWarnings("unchecked")
        Map<String, Object> line = (Map<String, Object>) run(1, "builtin", 400, RELATION).toMap().get("regime");
        assertThat(line).containsEntry("name", "relation-level on district, warehouse")
                .containsEntry("seq_scans", Map.of("district", 800L, "warehouse", 700L))
                .containsEntry("plan_calls", "unavailable: no generic_plan_calls column");
        assertThat(((Map<?, ?>) line.get("relation_level_siread_percent_of_samples")).get("district")).isEqualTo(95.0);
        @SuppressWarnings("unchecked")
        Map<String, Object> tuple = (Map<String, Object>) run(1, "builtin", 400, TUPLE).toMap().get("regime");
        assertThat(tuple).containsEntry("name", "tuple-level").containsEntry("generic_plan_calls", 10L);
    }

    @Test
    void runsInOneRegimeKeepTheirRatiosAndNameIt() {
        List<DriverFigures> runs = new ArrayList<>();
        for (int pair = 1; pair <= 3; pair++) {
            runs.add(run(pair, "benchbase", 400, TUPLE));
            runs.add(run(pair, "builtin", 400 + pair, TUPLE));
        }
        Map<String, Object> line = DriverFigures.ratios(runs);
        assertThat(((Map<?, ?>) line.get("ratio_neworder_committed_per_second")).get("ratio")).isNotNull();
        assertThat(line.get("regimes")).isEqualTo("benchbase p1, benchbase p2, benchbase p3, builtin p1, builtin p2, "
                + "builtin p3 tuple-level");
        assertThat(line).doesNotContainKey("within_regime");
    }

    @Test
    void runsInDifferentRegimesGetNoOneRatioButRatiosWithinEachRegime() {
        List<DriverFigures> runs = new ArrayList<>();
        runs.add(run(1, "benchbase", 400, TUPLE));
        runs.add(run(1, "builtin", 100, RELATION));
        runs.add(run(2, "benchbase", 400, TUPLE));
        runs.add(run(2, "builtin", 410, TUPLE));
        runs.add(run(3, "benchbase", 400, TUPLE));
        runs.add(run(3, "builtin", 390, TUPLE));
        Map<String, Object> line = DriverFigures.ratios(runs);
        Map<?, ?> newOrder = (Map<?, ?>) line.get("ratio_neworder_committed_per_second");
        assertThat(newOrder.get("ratio")).isNull();
        assertThat((String) newOrder.get("no_interval")).contains("different regimes",
                "builtin p1 relation-level on district, warehouse");
        Map<?, ?> within = (Map<?, ?>) line.get("within_regime");
        Map<?, ?> tuple = (Map<?, ?>) within.get("tuple-level");
        assertThat(tuple.get("pairs")).isEqualTo(2);
        assertThat(((Map<?, ?>) tuple.get("ratio_neworder_committed_per_second")).get("ratio")).isEqualTo(1.0);
        assertThat(((Map<?, ?>) within.get("relation-level on district, warehouse")).get("pairs")).isEqualTo(0);
    }
}
