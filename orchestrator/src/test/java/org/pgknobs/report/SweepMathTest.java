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
    void referencePhaseFromMetricName() {
        assertThat(ReportBuilder.referencePhase("l.i1 inserts/s", java.util.Set.of("l.i0", "l.i1"), "l.i1")).isEqualTo("l.i1");
        assertThat(ReportBuilder.referencePhase("l.i2 inserts/s", java.util.Set.of("l.i1", "l.i2"), "l.i1")).isEqualTo("l.i2");
        assertThat(ReportBuilder.referencePhase("tps", java.util.Set.of("tpcc"), "tpcc")).isEqualTo("tpcc");
    }
}
