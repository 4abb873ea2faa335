package org.pgknobs.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class SweepMathTest {

    @Test
    void medianWithMinAndMaxOverRepeats() {
        assertThat(Stat.of(List.of(3.0, 1.0, 2.0))).isEqualTo(new Stat(2.0, 1.0, 3.0, 3));
        assertThat(Stat.of(List.of(4.0, 1.0))).isEqualTo(new Stat(2.5, 1.0, 4.0, 2));
        assertThat(Stat.of(List.of())).isNull();
    }

    @Test
    void agreementByHisThresholdsUnlessWithinNoise() {
        assertThat(Agreement.of(1.2, 1.62, false)).isEqualTo(Agreement.SAME_DIRECTION);
        assertThat(Agreement.of(0.8, 0.58, false)).isEqualTo(Agreement.SAME_DIRECTION);
        assertThat(Agreement.of(0.996, 1.0485, false)).as("1.00 and 1.05 both print inside the band")
                .isEqualTo(Agreement.BOTH_NO_CHANGE);
        assertThat(Agreement.of(0.8, 1.62, false)).isEqualTo(Agreement.DIFFERENT);
        assertThat(Agreement.of(0.40, 0.998, false)).isEqualTo(Agreement.DIFFERENT);
        assertThat(Agreement.of(0.8, 1.62, true)).isEqualTo(Agreement.WITHIN_NOISE);
        assertThat(Agreement.of(null, 1.62, false)).isNull();
        assertThat(Agreement.of(0.8, null, false)).isNull();
    }

    @Test
    void quartilesPutLowestInQ1AndHighestInQ4() {
        List<Double> three = List.of(1.0, 2.0, 3.0);
        assertThat(List.of(1.0, 2.0, 3.0).stream().map(v -> ReportBuilder.quartile(three, v)).toList())
                .containsExactly(1, 3, 4);
        List<Double> eight = List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0);
        assertThat(eight.stream().map(v -> ReportBuilder.quartile(eight, v)).toList())
                .containsExactly(1, 1, 2, 2, 3, 3, 4, 4);
    }

    @Test
    void thresholdsColourBelow095AndAbove105() {
        assertThat(Band.of(0.94)).isEqualTo("worse");
        assertThat(Band.of(0.95)).isEmpty();
        assertThat(Band.of(0.9466)).as("printed as 0.95").isEmpty();
        assertThat(Band.of(1.0549)).as("printed as 1.05").isEmpty();
        assertThat(Band.of(1.05)).isEmpty();
        assertThat(Band.of(1.06)).isEqualTo("better");
        assertThat(Band.of(null)).isEmpty();
    }

    @Test
    void referencePhaseFromMetricName() {
        assertThat(ReportBuilder.referencePhase("l.i1 inserts/s", java.util.Set.of("l.i0", "l.i1"), "l.i1")).isEqualTo("l.i1");
        assertThat(ReportBuilder.referencePhase("l.i2 inserts/s", java.util.Set.of("l.i1", "l.i2"), "l.i1")).isEqualTo("l.i2");
        assertThat(ReportBuilder.referencePhase("tps", java.util.Set.of("tpcc"), "tpcc")).isEqualTo("tpcc");
    }
}
