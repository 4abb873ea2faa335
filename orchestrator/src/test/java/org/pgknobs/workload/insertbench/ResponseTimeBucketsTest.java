package org.pgknobs.workload.insertbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class ResponseTimeBucketsTest {

    @Test
    void boundsAreInclusiveAsInIibench() {
        ResponseTimeBuckets b = new ResponseTimeBuckets();
        b.add(256_000L);          // exactly 256 µs: first bucket
        b.add(256_001L);          // just above: 1 ms bucket
        b.add(1_000_000L);        // exactly 1 ms
        b.add(16_000_000_000L);   // exactly 16 s
        b.add(16_000_000_001L);   // slower than every bound
        assertThat(b.counts()).containsEntry("256us", 1L).containsEntry("1ms", 2L)
                .containsEntry("16s", 1L).containsEntry("gt", 1L);
        assertThat(b.total()).isEqualTo(5);
    }

    @Test
    void percentagesSumToOneHundredAndAreZeroWhenEmpty() {
        ResponseTimeBuckets b = new ResponseTimeBuckets();
        assertThat(b.percentages().values()).allMatch(v -> v == 0.0);
        for (long n = 1; n <= 7; n++) {
            b.add(n * 3_000_000L);
        }
        assertThat(b.percentages().values().stream().mapToDouble(Double::doubleValue).sum()).isCloseTo(100.0, within(1e-9));
        assertThat(b.percentages().get("4ms")).isCloseTo(100.0 / 7, within(1e-9));
    }
}
