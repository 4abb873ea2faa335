package org.pgknobs.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The verdict thresholds on crafted effects, including the article table. */
@Tag("unit")
class VerdictTest {

    @Test
    void withinTwoTimesOnTheLogScaleIsReproduced() {
        assertThat(Verdict.of(1.97, false, 1.5, false)).isEqualTo(Verdict.REPRODUCED);
        assertThat(Verdict.of(3.0, false, 6.0, false)).isEqualTo(Verdict.REPRODUCED); // exactly ×2 apart
        assertThat(Verdict.of(0.6, false, 0.58, false)).isEqualTo(Verdict.REPRODUCED);
        assertThat(Verdict.of(1.0, false, 1.02, false)).isEqualTo(Verdict.REPRODUCED); // both no change
    }

    @Test
    void sameDirectionFurtherApartIsDirectionOnly() {
        assertThat(Verdict.of(1.30, false, 6.73, false)).isEqualTo(Verdict.DIRECTION_ONLY); // cache-8mb in issue 12
        assertThat(Verdict.of(3.37, false, 72.3, false)).isEqualTo(Verdict.DIRECTION_ONLY); // wal
    }

    @Test
    void oppositeOrMissingDirectionIsNotReproduced() {
        assertThat(Verdict.of(0.9, false, 1.62, false)).isEqualTo(Verdict.NOT_REPRODUCED);
        assertThat(Verdict.of(1.0, false, 0.58, false)).isEqualTo(Verdict.NOT_REPRODUCED);
        assertThat(Verdict.of(1.3, false, 1.0, false)).isEqualTo(Verdict.NOT_REPRODUCED);
    }

    @Test
    void aBoundIsAtBestDirectionOnly() {
        // nothing completed: slowdown ≥ base ÷ (1 per 120 s window); even far from the published one it says "slower"
        assertThat(Verdict.of(619 * 120.0, true, 8140.0, false)).isEqualTo(Verdict.DIRECTION_ONLY);
        assertThat(Verdict.of(619 * 120.0, true, 0.5, false)).isEqualTo(Verdict.NOT_REPRODUCED);
    }

    @Test
    void noiseWinsAndMissingFiguresGiveNoVerdict() {
        assertThat(Verdict.of(1.97, false, 1.5, true)).isEqualTo(Verdict.WITHIN_NOISE);
        assertThat(Verdict.of(null, false, 1.5, false)).isNull();
        assertThat(Verdict.of(1.5, false, null, false)).isNull();
        assertThat(Verdict.of(0.0, false, 1.5, false)).isNull();
    }

    @Test
    void summaryCountsEveryPublishedStep() {
        assertThat(Verdict.summary(Map.of(Verdict.REPRODUCED, 2L, Verdict.DIRECTION_ONLY, 3L), 6))
                .isEqualTo("2 of 6 published steps reproduced (within ×2 of the published effect, same direction);"
                        + " 3 direction only; 0 not reproduced; 0 within noise; 1 without a verdict (not measured)");
    }
}
