package org.pgknobs.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The paired t interval on log ratios against a case worked out by hand. */
@Tag("unit")
class PairedLogRatioTest {

    /**
     * Three pairs whose references drift ×3 from pair to pair (logs 0, ln 3, ln 9) while the per-pair log ratios
     * are d = {0.1, 0.2, 0.3}: mean 0.2, s = 0.1, SE = 0.1 / √3 = 0.0577350. For 2 degrees of freedom the t
     * quantile is closed-form, t(p, 2) = (2p − 1) / sqrt(2p(1 − p)): t(0.975, 2) = 0.95 / sqrt(0.04875) = 4.302653
     * (the table's 4.303). Half-width 4.302653 · 0.0577350 = 0.248414; interval exp(0.2 ± 0.248414) =
     * [0.952739, 1.565826], ratio exp(0.2) = 1.221403. p: t = 0.2 / 0.0577350 = 3.464102, and for 2 df the
     * two-sided p is 1 − t / sqrt(2 + t²) = 1 − 3.464102 / 3.741657 = 0.0741799.
     */
    @Test
    void threePairsMatchTheHandWorkedIntervalWhateverTheDriftBetweenPairs() {
        double[] reference = FromLogs.values(0, Math.log(3), Math.log(9));
        double[] subject = FromLogs.values(0.1, Math.log(3) + 0.2, Math.log(9) + 0.3);

        RatioInterval interval = (RatioInterval) PairedLogRatio.estimate(reference, subject);

        assertThat(interval.method()).isEqualTo("paired-t-log");
        assertThat(interval.ratio()).isCloseTo(1.221403, within(1e-6));
        assertThat(interval.lower()).isCloseTo(0.952739, within(1e-6));
        assertThat(interval.upper()).isCloseTo(1.565826, within(1e-6));
        assertThat(interval.pValue()).isCloseTo(0.0741799, within(1e-7));
        // the drift between pairs is the reference's own spread: an unpaired interval sees it and is far wider
        RatioInterval unpaired = (RatioInterval) WelchLogRatio.estimate(reference, subject);
        assertThat(unpaired.relativeHalfWidth()).isGreaterThan(10 * interval.relativeHalfWidth());
    }

    @Test
    void onePairOrIdenticalRatiosGiveNoIntervalAndSayWhy() {
        NoInterval one = (NoInterval) PairedLogRatio.estimate(new double[] {100}, new double[] {110});
        assertThat(one.reason()).isEqualTo("1 pair: no spread to estimate, so no interval");
        assertThat(one.repeatsNeeded()).isEqualTo(2);

        NoInterval same = (NoInterval) PairedLogRatio.estimate(new double[] {100, 200}, new double[] {150, 300});
        assertThat(same.reason()).contains("same ratio");
        assertThat(same.repeatsNeeded()).isZero();
    }

    @Test
    void sidesOfDifferentLengthAreNotPairs() {
        assertThatThrownBy(() -> PairedLogRatio.estimate(new double[] {1, 2}, new double[] {1, 2, 3}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one of each per pair");
    }
}
