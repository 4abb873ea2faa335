package org.pgknobs.sidebyside;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.results.PhaseResult;

/** The driver comparison's summary line from crafted runs, against ratios and intervals worked out by hand. */
@Tag("unit")
class DriverFiguresTest {

    private static DriverFigures run(int pair, String driver, long newOrders, long payments, long newOrderRetries,
                                     long paymentRetries) {
        return new DriverFigures(pair, driver, 40, Map.of("NewOrder", newOrders, "Payment", payments),
                Map.of("NewOrder", newOrderRetries, "Payment", paymentRetries), Map.of(), Map.of(), 10.0, 100.0,
                List.of(1.0, 2.0));
    }

    /**
     * NewOrder committed in 40 s: BenchBase 400 in every pair (10/s), built-in 200, 400, 800 (5, 10, 20/s). The
     * per-pair ratios 1/2, 1, 2 have logs −ln 2, 0, ln 2: mean 0, s = ln 2 = 0.693147, SE = s / √3 = 0.400189.
     * t(0.975, 2) = 0.95 / sqrt(2 · 0.975 · 0.025) = 4.302653, half-width 1.721873, so the ratio is exp(0) = 1
     * with the interval [exp(−1.721873), exp(1.721873)] = [0.179, 5.595], and t = 0 gives p = 1.
     */
    @Test
    void newOrderPerSecondIsComparedPairByPairWithItsPairedInterval() {
        List<DriverFigures> runs = new ArrayList<>();
        long[] builtinNewOrders = {200, 400, 800};
        for (int pair = 1; pair <= 3; pair++) {
            runs.add(run(pair, "benchbase", 400, 2000, 4000, 4000));
            runs.add(run(pair, "builtin", builtinNewOrders[pair - 1], 2000, 4000, 0));
        }

        Map<String, Object> summary = DriverFigures.ratios(runs);

        assertThat(summary.get("benchbase_neworder_committed_per_second")).isEqualTo(10.0);
        assertThat(summary.get("builtin_neworder_committed_per_second")).isEqualTo(11.667);
        @SuppressWarnings("unchecked")
        Map<String, Object> newOrder = (Map<String, Object>) summary.get("ratio_neworder_committed_per_second");
        assertThat(newOrder).containsEntry("ratio", 1.0).containsEntry("lower", 0.179).containsEntry("upper", 5.595)
                .containsEntry("p_value", 1.0).containsEntry("method", "paired-t-log").containsEntry("pairs", 3);
        // retries per committed NewOrder are 20, 10, 5 against BenchBase's 10: ratios 2, 1, 1/2, the same interval
        @SuppressWarnings("unchecked")
        Map<String, Object> retries = (Map<String, Object>) summary.get("ratio_retries_per_committed_neworder");
        assertThat(retries).containsEntry("lower", 0.179).containsEntry("upper", 5.595);
        // the built-in's Payments never retried: a ratio to 0 has no log, and the line says which pair
        @SuppressWarnings("unchecked")
        Map<String, Object> payment = (Map<String, Object>) summary.get("ratio_retries_per_committed_payment");
        assertThat(payment.get("ratio")).isNull();
        assertThat(payment.get("no_interval")).isEqualTo("pair 1: the subject is 0.0, so no ratio");
        assertThat(runs.get(1).toMap()).containsEntry("neworder_committed_per_second", 5.0);
    }

    @Test
    void onePairGivesItsRatioAndNoInterval() {
        Map<String, Object> summary = DriverFigures.ratios(List.of(run(1, "benchbase", 400, 1600, 0, 0),
                run(1, "builtin", 440, 1760, 0, 0)));
        @SuppressWarnings("unchecked")
        Map<String, Object> committed = (Map<String, Object>) summary.get("ratio_committed_tps");
        assertThat(committed).containsEntry("ratio", 1.1).containsEntry("no_interval",
                "1 pair: no spread to estimate, so no interval").containsEntry("pairs_needed", 2);
        assertThat(committed).doesNotContainKey("lower");
    }

    @Test
    void theBuiltInDriversFiguresComeFromItsPrintedWholeRunCounts() throws Exception {
        // the line `pgknobs tpcc --execute` prints, cut to what the figures read
        String line = "{\"name\":\"tpcc\",\"throughput\":25.0,\"goodput\":20.0,\"completed\":750,\"failed\":0,"
                + "\"seconds\":30.0,\"latencyMs\":{\"p50\":1.0,\"p95\":7.5,\"p99\":9.0,\"max\":12.0},\"details\":{"
                + "\"transactions_whole_run\":{\"NewOrder\":{\"successful\":40,\"aborted\":1,\"errors\":0,\"retries\":1200,"
                + "\"gave_up\":380},\"Payment\":{\"successful\":400,\"aborted\":0,\"errors\":2,\"retries\":800,"
                + "\"gave_up\":10}}}}";
        PhaseResult phase = BuiltinChildRun.headline("tpcc: 10/30 seconds\n" + line + "\n", Path.of("builtin.log"));

        DriverFigures f = DriverFigures.ofBuiltin(1, 40, phase, List.of(0.5, 1.5));

        assertThat(f.committed()).containsEntry("NewOrder", 40L).containsEntry("Payment", 400L)
                .containsEntry("Delivery", 0L);
        assertThat(f.retries()).containsEntry("NewOrder", 1200L).containsEntry("Payment", 800L);
        assertThat(f.errors()).containsEntry("Payment", 2L);
        assertThat(f.p95Ms()).isEqualTo(7.5);
        // 40 NewOrders in warm-up + time = 40 s
        assertThat(f.toMap()).containsEntry("neworder_committed_per_second", 1.0)
                .containsEntry("retries_per_committed_neworder", 30.0);
    }

    @Test
    void aResultWithoutWholeRunCountsIsAnErrorNotZeros() {
        PhaseResult bare = new PhaseResult("tpcc", 1, 1, 1, 0, 30, null, Map.of());
        assertThatThrownBy(() -> DriverFigures.ofBuiltin(1, 40, bare, List.of()))
                .hasMessageContaining("transactions_whole_run");
        assertThatThrownBy(() -> BuiltinChildRun.headline("no json here\n", Path.of("builtin.log")))
                .hasMessageContaining("no result line (see builtin.log)");
    }

    /**
     * BenchBase 400 NewOrders in 40 s (10/s) with the server on 1.0 core (4,000 ticks at 100/s over 40 s); the
     * built-in 440 (11/s) with the server on 1.1 cores, the client having left it more: ×1.1 in NewOrder/s, ×1 per
     * server CPU second.
     */
    @Test
    void newOrdersPerServerCpuSecondTakeTheClientsShareOfTheCoresOut() {
        List<DriverFigures> runs = new ArrayList<>();
        for (int pair = 1; pair <= 3; pair++) {
            runs.add(run(pair, "benchbase", 400, 2000, 0, 0).withCpu(cpu(4000)));
            runs.add(run(pair, "builtin", 440, 2000, 0, 0).withCpu(cpu(4400)));
        }
        assertThat(runs.get(0).newOrderPerServerCpuSecond()).isEqualTo(10.0);
        assertThat(runs.get(1).newOrderPerServerCpuSecond()).isCloseTo(10.0, org.assertj.core.api.Assertions.within(1e-9));
        Map<String, Object> summary = DriverFigures.ratios(runs);
        assertThat(((Map<?, ?>) summary.get("ratio_neworder_committed_per_second")).get("ratio")).isEqualTo(1.1);
        assertThat(((Map<?, ?>) summary.get("ratio_neworder_per_server_cpu_second")).get("ratio")).isEqualTo(1.0);
        assertThat(run(1, "builtin", 440, 2000, 0, 0).newOrderPerServerCpuSecond()).as("no CPU read").isNaN();
    }

    private static org.pgknobs.run.capture.CpuWatch.Window cpu(long serverTicks) {
        return new org.pgknobs.run.capture.CpuWatch.Window(40, null, Map.of(), Map.of(), 2000L, serverTicks, 100, 2);
    }
}
