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
    void agreementReadsOurDirectionFromTheIntervalAndThePublishedOneFromHisBand() {
        assertThat(Agreement.of(VerdictTest.interval(1.2, 1.1, 1.3), 1.62, 1)).isEqualTo(Agreement.SAME_DIRECTION);
        assertThat(Agreement.of(VerdictTest.interval(0.8, 0.7, 0.9), 0.58, 1)).isEqualTo(Agreement.SAME_DIRECTION);
        assertThat(Agreement.of(VerdictTest.interval(0.996, 0.9, 1.1), 1.0485, 1)).isEqualTo(Agreement.BOTH_NO_CHANGE);
        assertThat(Agreement.of(VerdictTest.interval(0.8, 0.7, 0.9), 1.62, 1)).isEqualTo(Agreement.DIFFERENT);
        assertThat(Agreement.of(VerdictTest.interval(0.4, 0.3, 0.5), 0.998, 1)).isEqualTo(Agreement.DIFFERENT);
        assertThat(Agreement.of(VerdictTest.interval(0.8, 0.6, 1.1), 1.62, 1)).isEqualTo(Agreement.WITHIN_NOISE);
        assertThat(Agreement.of(VerdictTest.none(0.8), 1.62, 1)).as("a point estimate alone has no direction")
                .isEqualTo(Agreement.UNDECIDED);
        assertThat(Agreement.of(null, 1.62, 1)).isNull();
        assertThat(Agreement.of(VerdictTest.interval(0.8, 0.7, 0.9), null, 1)).isNull();
    }

    @Test
    void referencePhaseFromMetricName() {
        assertThat(ReportBuilder.referencePhase("l.i1 inserts/s", java.util.Set.of("l.i0", "l.i1"), "l.i1")).isEqualTo("l.i1");
        assertThat(ReportBuilder.referencePhase("l.i2 inserts/s", java.util.Set.of("l.i1", "l.i2"), "l.i1")).isEqualTo("l.i2");
        assertThat(ReportBuilder.referencePhase("tps", java.util.Set.of("tpcc"), "tpcc")).isEqualTo("tpcc");
    }
}
