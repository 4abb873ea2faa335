package org.pgknobs.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The verdict rule on crafted intervals (docs/statistics.md, "Verdicts"), including the quick-profile case. */
@Tag("unit")
class VerdictTest {

    static EffectInterval interval(double ratio, double lower, double upper) {
        return new EffectInterval("base", "welch-log", 3, 3, ratio, lower, upper, 0.95, 0.01, null, null);
    }

    static EffectInterval none(double ratio) {
        return new EffectInterval("base", "welch-log", 1, 1, null, null, null, null, null,
                "1 repeat of the base: no spread to estimate, so no interval", 2);
    }

    static EffectInterval bound(double lower) {
        return new EffectInterval("base", "poisson-garwood-bound", 3, 3, null, lower, null, 0.95, null, null, null);
    }

    @Test
    void clearOfOneAndOverlappingThePublishedRegionIsReproduced() {
        assertThat(Verdict.of(interval(1.97, 1.6, 2.4), 1.5)).isEqualTo(Verdict.REPRODUCED);
        assertThat(Verdict.of(interval(2.0, 1.5, 3.1), 6.0)).as("3.1 ≥ 6/2: the interval reaches the region")
                .isEqualTo(Verdict.REPRODUCED);
        assertThat(Verdict.of(interval(0.6, 0.55, 0.66), 0.58)).isEqualTo(Verdict.REPRODUCED);
    }

    @Test
    void clearOfOneButOutsideTheRegionIsDirectionOnly() {
        assertThat(Verdict.of(interval(1.30, 1.2, 1.4), 6.73)).isEqualTo(Verdict.DIRECTION_ONLY);
        assertThat(Verdict.of(interval(3.37, 3.0, 3.8), 72.3)).isEqualTo(Verdict.DIRECTION_ONLY);
    }

    @Test
    void theOtherDirectionOrAnIntervalExcludingThePublishedRegionIsNotReproduced() {
        assertThat(Verdict.of(interval(0.9, 0.85, 0.95), 1.62)).isEqualTo(Verdict.NOT_REPRODUCED);
        assertThat(Verdict.of(interval(1.0, 0.95, 1.05), 6.73)).as("holds 1, yet rules out ×3.4 and more")
                .isEqualTo(Verdict.NOT_REPRODUCED);
        assertThat(Verdict.of(interval(1.3, 1.2, 1.4), 1.0)).as("ours moved, the published did not")
                .isEqualTo(Verdict.NOT_REPRODUCED);
    }

    @Test
    void anIntervalHoldingOneAndThePublishedRegionIsWithinNoise() {
        assertThat(Verdict.of(interval(1.04, 0.9, 1.2), 1.3)).isEqualTo(Verdict.WITHIN_NOISE);
        assertThat(Verdict.of(interval(1.04, 0.5, 4.0), 6.73)).isEqualTo(Verdict.WITHIN_NOISE);
        assertThat(Verdict.of(interval(1.0, 0.97, 1.03), 1.02)).isEqualTo(Verdict.WITHIN_NOISE);
    }

    @Test
    void withoutAnIntervalTheVerdictIsUndecidedWhateverThePointEstimate() {
        // the quick profile's cache-8mb: ×1.04 against a published ×6.73 on one repeat
        assertThat(Verdict.of(none(1.04), 6.73)).isEqualTo(Verdict.UNDECIDED);
        assertThat(Verdict.of(none(546), 72.3)).isEqualTo(Verdict.UNDECIDED);
    }

    @Test
    void aBoundIsAtBestDirectionOnly() {
        assertThat(Verdict.of(bound(41.3), 72.3)).as("the bound reaches the region, but shows no size")
                .isEqualTo(Verdict.DIRECTION_ONLY);
        assertThat(Verdict.of(bound(41.3), 0.5)).isEqualTo(Verdict.NOT_REPRODUCED);
        assertThat(Verdict.of(bound(0.8), 72.3)).isEqualTo(Verdict.WITHIN_NOISE);
    }

    @Test
    void driftWidensNoChange() {
        assertThat(Verdict.of(interval(1.2, 1.1, 1.3), 1.5, 1.0)).isEqualTo(Verdict.REPRODUCED);
        assertThat(Verdict.of(interval(1.2, 1.1, 1.3), 1.5, 1.15)).as("clear of 1, but 1.1 is inside the base's own drift")
                .isEqualTo(Verdict.WITHIN_DRIFT);
        assertThat(Verdict.of(interval(1.2, 0.9, 1.3), 1.5, 1.15)).as("holds 1: within noise, drift or not")
                .isEqualTo(Verdict.WITHIN_NOISE);
    }

    @Test
    void missingFiguresGiveNoVerdict() {
        assertThat(Verdict.of(null, 1.5)).isNull();
        assertThat(Verdict.of(interval(1.5, 1.2, 1.8), null)).isNull();
        assertThat(Verdict.of(interval(1.5, 1.2, 1.8), 0.0)).isNull();
    }

    @Test
    void summaryCountsEveryPublishedStepAndUndecidedApart() {
        assertThat(Verdict.summary(Map.of(Verdict.REPRODUCED, 2L, Verdict.DIRECTION_ONLY, 2L, Verdict.UNDECIDED, 1L), 6))
                .isEqualTo("2 of 6 published steps reproduced (interval clear of no-change in the published direction"
                        + " and within ×2 of the published effect); 2 direction only; 0 not reproduced; 0 within noise;"
                        + " 1 undecided (no interval from the run's repeats); 1 without a verdict (not measured)");
    }
}
