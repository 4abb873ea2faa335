package org.pgknobs.collector;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class DeltasTest {

    static StatRow row(Map<String, String> labels, Map<String, Number> values) {
        return new StatRow(labels, values);
    }

    static Snapshot snap(Map<String, List<StatRow>> groups, Map<String, String> errors) {
        return new Snapshot(0, 0, groups, errors, Map.of(), 0, 0, null);
    }

    @Test
    void subtractsRowsWithTheSameLabelsAndKeepsCountersExact() {
        Map<String, String> client = Map.of("backend_type", "client backend", "object", "relation", "context", "normal");
        Map<String, String> ckpt = Map.of("backend_type", "checkpointer", "object", "relation", "context", "normal");
        Snapshot a = snap(Map.of("pg_stat_io", List.of(row(client, Map.of("reads", 10L, "read_time", 1.5)),
                row(ckpt, Map.of("writes", 100L)))), Map.of());
        Snapshot b = snap(Map.of("pg_stat_io", List.of(row(ckpt, Map.of("writes", 250L)),
                row(client, Map.of("reads", 9_007_199_254_740_993L, "read_time", 4.0)))), Map.of());
        Map<String, List<StatRow>> d = Deltas.between(a, b);
        StatRow clientDelta = d.get("pg_stat_io").stream().filter(r -> r.labels().equals(client)).findFirst().orElseThrow();
        // beyond 2^53: a double would lose the last digit
        assertThat(clientDelta.values().get("reads")).isEqualTo(9_007_199_254_740_983L);
        assertThat(clientDelta.value("read_time")).isEqualTo(2.5);
        assertThat(Deltas.sum(d, "pg_stat_io", "writes", Map.of("backend_type", "checkpointer"))).isEqualTo(150);
    }

    @Test
    void aRowSeenOnlyAtTheEndCountsFromZero() {
        Snapshot a = snap(Map.of("g", List.of()), Map.of());
        Snapshot b = snap(Map.of("g", List.of(row(Map.of("k", "new"), Map.of("n", 7L)))), Map.of());
        assertThat(Deltas.between(a, b).get("g").get(0).longValue("n")).isEqualTo(7);
    }

    @Test
    void groupsThatFailedAtEitherEdgeAreMissingWithTheirErrors() {
        Snapshot a = snap(Map.of("ok", List.of(row(Map.of(), Map.of("n", 1L)))), Map.of("broken", "relation does not exist"));
        Snapshot b = snap(Map.of("ok", List.of(row(Map.of(), Map.of("n", 3L))), "late", List.of()),
                Map.of("broken", "still broken"));
        assertThat(Deltas.between(a, b)).containsOnlyKeys("ok");
        assertThat(Deltas.missing(a, b)).containsOnlyKeys("broken");
        assertThat(Deltas.missing(a, b).get("broken")).contains("at window start: relation does not exist")
                .contains("at window end: still broken");
    }

    @Test
    void normalizesNumericColumnsToExactLongsWhenWhole() {
        assertThat(SnapshotReader.normalize(new java.math.BigDecimal("123456789012"))).isEqualTo(123456789012L);
        assertThat(SnapshotReader.normalize(new java.math.BigDecimal("1.25"))).isEqualTo(1.25);
        assertThat(SnapshotReader.normalize(5)).isEqualTo(5L);
    }
}
