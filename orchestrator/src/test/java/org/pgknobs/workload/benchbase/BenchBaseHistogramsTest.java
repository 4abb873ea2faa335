package org.pgknobs.workload.benchbase;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class BenchBaseHistogramsTest {

    /** BenchBase's closing lines as it prints them (with its terminal colour codes) under SERIALIZABLE. */
    private static final List<String> LOG = List.of(
            "[INFO ] 2026-11-30 06:27:12,933 [main]  com.oltpbenchmark.DBWorkload writeHistograms - Workload Histograms:",
            "",
            "\u001B[0;1mCompleted Transactions:\u001B[0;0m",
            "com.oltpbenchmark.benchmarks.tpcc.procedures.NewOrder/01                         [ 963] *********",
            "com.oltpbenchmark.benchmarks.tpcc.procedures.Payment/02                          [7775] ********",
            "",
            "\u001B[0;1mAborted Transactions:\u001B[0;0m",
            "com.oltpbenchmark.benchmarks.tpcc.procedures.NewOrder/01                         [  18] *****",
            "",
            "\u001B[0;1mRejected Transactions (Server Retry):\u001B[0;0m",
            "com.oltpbenchmark.benchmarks.tpcc.procedures.NewOrder/01                         [33213] ****",
            "com.oltpbenchmark.benchmarks.tpcc.procedures.Payment/02                          [15178] **",
            "",
            "\u001B[0;1mRejected Transactions (Retry Different):\u001B[0;0m",
            "<EMPTY>",
            "[INFO ] 2026-11-30 06:27:12,933 [main]  com.oltpbenchmark.DBWorkload writeHistograms - ====");

    @Test
    void separatesSuccessesFromRetriedAttemptsPerType() {
        Map<String, Map<String, Long>> h = BenchBaseHistograms.parse(LOG);
        assertThat(h.get("Completed Transactions")).containsExactly(Map.entry("NewOrder", 963L), Map.entry("Payment", 7775L));
        assertThat(h.get("Aborted Transactions")).containsExactly(Map.entry("NewOrder", 18L));
        assertThat(h.get("Rejected Transactions (Server Retry)")).containsEntry("NewOrder", 33213L);
        assertThat(h.get("Rejected Transactions (Retry Different)")).isEmpty();
        assertThat(BenchBaseHistograms.total(h, "Rejected Transactions (Server Retry)")).isEqualTo(48391L);
    }

    @Test
    void aLogWithoutHistogramsGivesNothing() {
        assertThat(BenchBaseHistograms.parse(List.of("[INFO ] starting", "done"))).isEmpty();
    }
}
