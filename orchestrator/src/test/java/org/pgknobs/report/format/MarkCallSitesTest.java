package org.pgknobs.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.report.EffectInterval;
import org.pgknobs.report.Mark;

/**
 * The one mark rule at the cells that print it: an interval holding 1 gives no arrow, bold or colour; one excluding 1
 * does; no interval gives none and says why (once under the table when every such cell has the same reason).
 */
@Tag("unit")
class MarkCallSitesTest {

    private static EffectInterval interval(double ratio, double lower, double upper) {
        return new EffectInterval("base", "welch-log", 3, 3, ratio, lower, upper, 0.95, 0.04, null, null);
    }

    private static final EffectInterval NONE = EffectInterval.ratio("base", List.of(100.0), List.of(108.0));

    @Test
    void theRelativeCellIsBoldWithAnArrowOnlyWhereTheIntervalClearsOne() {
        EffectInterval holds = interval(1.08, 0.927, 1.19);   // the A/A cell
        assertThat(Fmt.markedRatio(1.08, holds, Mark.of(holds), null)).isEqualTo("1.08 [0.927–1.19]");
        assertThat(Fmt.cssClass(Mark.of(holds))).isEmpty();
        EffectInterval up = interval(1.3, 1.1, 1.5);
        assertThat(Fmt.markedRatio(1.3, up, Mark.of(up), null)).isEqualTo("**1.30 ▲** [1.10–1.50]");
        assertThat(Fmt.cssClass(Mark.of(up))).isEqualTo("better");
        EffectInterval down = interval(0.5, 0.4, 0.6);
        assertThat(Fmt.markedRatio(0.5, down, Mark.of(down), null)).startsWith("**0.50 ▼**");
        assertThat(Fmt.cssClass(Mark.of(down))).isEqualTo("worse");
        assertThat(NONE.present()).isFalse();
        assertThat(Fmt.markedRatio(1.08, NONE, Mark.of(NONE), null))
                .isEqualTo("1.08 (1 repeat of the base: no spread to estimate, so no interval)");
        assertThat(Fmt.cssClass(Mark.of(NONE))).isEmpty();
    }

    @Test
    void aReasonSharedByEveryIntervalLessCellIsSaidOnce() {
        String shared = Fmt.sharedNoInterval(Arrays.asList(NONE, NONE, interval(1.3, 1.1, 1.5), null));
        assertThat(shared).isEqualTo(NONE.noInterval());
        assertThat(Fmt.times(1.04, NONE, shared)).isEqualTo("×1.04 (no interval)");
        assertThat(Fmt.sharedNote(shared)).contains(NONE.noInterval());
        assertThat(Fmt.sharedNoInterval(List.of(NONE))).as("one cell says it itself").isNull();
        EffectInterval other = EffectInterval.ratio("base", List.of(100.0, 101.0), List.of(0.0, 5.0));
        assertThat(Fmt.sharedNoInterval(List.of(NONE, NONE, other))).as("two reasons: each cell says its own").isNull();
    }

    @Test
    void aVerdictWithoutAnIntervalSaysSo() {
        assertThat(Fmt.verdict("no interval", null, 6.73, NONE, "×")).isEqualTo("no interval");
    }
}
