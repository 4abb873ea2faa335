package org.pgknobs.workload.insertbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** np.sh's "rate at nth percentile": per client, seconds sorted descending, so high n means the slow seconds. */
@Tag("unit")
class PhaseRecorderNthTest {

    @Test
    void the99thIsNearTheSlowestSecondAndThe50thTheMedian() {
        Map<Integer, Long> perSecond = new HashMap<>();
        for (int s = 0; s < 20; s++) {
            perSecond.put(s, 100L * (s + 1)); // 100 .. 2000
        }
        Map<String, Long> nth = PhaseRecorder.nth(perSecond, 20);
        // descending 2000, 1900 ... 100; position round(n% x 20), 1-based
        assertThat(nth).containsEntry("50", 1100L).containsEntry("90", 300L).containsEntry("99", 100L);
        assertThat(nth.get("99")).isLessThan(nth.get("75")).isLessThan(nth.get("50"));
    }

    @Test
    void fewerThanTenSecondsIsNotAvailableAsInHisReport() {
        assertThat(PhaseRecorder.nth(Map.of(0, 5L, 1, 6L), 2)).containsEntry("50", null).containsEntry("99", null);
    }

    @Test
    void aSecondWithoutCompletionsCountsAsZero() {
        Map<Integer, Long> perSecond = new HashMap<>();
        for (int s = 0; s < 10; s++) {
            perSecond.put(s, 10L);
        }
        perSecond.remove(4);
        assertThat(PhaseRecorder.nth(perSecond, 10)).containsEntry("99", 0L).containsEntry("50", 10L);
    }
}
