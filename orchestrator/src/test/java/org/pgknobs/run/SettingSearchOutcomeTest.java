package org.pgknobs.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.bisect.RunOutcome;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.WorkloadResult;

/** How a bisection reads a run: a server error of the classes that mean "cannot" fails it, a lost race does not. */
@Tag("unit")
class SettingSearchOutcomeTest {

    private static StepResult run(StepStatus status, String reason, Map<String, Object> details) {
        PhaseResult phase = new PhaseResult("tpcc", 220.7, 220.7, 700, 215, 3, null, details);
        return new StepResult(1, "shared_buffers-128kB", 1, status, reason, Instant.EPOCH, Instant.EPOCH, null, Map.of(),
                new WorkloadResult("tpcc", "builtin", List.of(phase), "tpcc"), null);
    }

    @Test
    void refusedRequestsFailARunThatStillCompletedSome() {
        RunOutcome o = SettingSearch.outcome(run(StepStatus.DONE, null, Map.of("errors_by_sqlstate",
                Map.of("XX000", 217, "40001", 12), "last_error", "StockLevel: XX000 ERROR: no unpinned buffers available\n"
                        + "  Where: SQL statement ...")));
        assertThat(o).isEqualTo(new RunOutcome.Failed("the server refused requests: XX000 ×217, e.g. ERROR: no "
                + "unpinned buffers available"));
    }

    @Test
    void aFailedBatchSaysPostgresqlsErrorNotItsStatement() {
        String batch = "NewOrder: XX000 Batch entry 0 UPDATE stock SET s_quantity = ('48'::int4), s_ytd = s_ytd + "
                + "('1'::int4) WHERE s_w_id = ('1'::int4) was aborted: ERROR: no unpinned buffers available  Call "
                + "getNextException to see other errors in the batch.";
        RunOutcome o = SettingSearch.outcome(run(StepStatus.DONE, null, Map.of("errors_by_sqlstate", Map.of("XX000", 43),
                "last_error", batch)));
        assertThat(o).isEqualTo(new RunOutcome.Failed(
                "the server refused requests: XX000 ×43, e.g. ERROR: no unpinned buffers available"));
        assertThat(SettingSearch.firstLine("x".repeat(300))).hasSize(160).endsWith("x…");
    }

    @Test
    void serializationFailuresAndRollbacksAreTheWorkloadsOwn() {
        assertThat(SettingSearch.outcome(run(StepStatus.DONE, null, Map.of("errors_by_sqlstate",
                Map.of("40001", 30, "40P01", 2, "23505", 1, "XX000", 0))))).isEqualTo(new RunOutcome.Ran(220.7));
        assertThat(SettingSearch.outcome(run(StepStatus.DONE, null, Map.of()))).isEqualTo(new RunOutcome.Ran(220.7));
    }

    @Test
    void aFailedStepFailsWithItsStatusAndReason() {
        assertThat(SettingSearch.outcome(run(StepStatus.FAILED, "server did not start: FATAL: ...", Map.of())))
                .isEqualTo(new RunOutcome.Failed("failed: server did not start: FATAL: ..."));
    }
}
