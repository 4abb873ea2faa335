package org.pgknobs.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The verdict table (docs/statistics.md, "Verdicts") on crafted intervals: every scenario of issue 45's point 1, each
 * also as its mirror image (P ↔ 1/P, the interval inverted), which must get the same verdict.
 */
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

    /** The same comparison the other way up: 1/ratio, [1/upper, 1/lower]; a lower bound becomes an upper one. */
    static EffectInterval mirror(EffectInterval i) {
        return new EffectInterval(i.against(), i.method(), i.n(), i.referenceN(), i.ratio() == null ? null : 1 / i.ratio(),
                i.upper() == null ? null : 1 / i.upper(), i.lower() == null ? null : 1 / i.lower(), i.confidence(),
                i.pValue(), i.noInterval(), i.repeatsNeeded());
    }

    /** The verdict of ours against P, asserted alike for the mirror image. */
    private static void verdict(EffectInterval ours, double published, double drift, Verdict expected, String why) {
        assertThat(Verdict.of(ours, published, drift)).as(why).isEqualTo(expected);
        assertThat(Verdict.of(mirror(ours), 1 / published, drift)).as("mirror: " + why).isEqualTo(expected);
    }

    private static void verdict(EffectInterval ours, double published, Verdict expected, String why) {
        verdict(ours, published, 1, expected, why);
    }

    @Test
    void pointOneScenariosAndTheirMirrors() {
        verdict(interval(1.02, 1.01, 1.03), 1.5, Verdict.SMALLER,
                "published ×1.5, ours 1.02 [1.01–1.03]: right direction, far too small, not reproduced");
        verdict(interval(2.05, 1.2, 3.5), 6.73, Verdict.SMALLER, "published ×6.73, ours [1.2–3.5]: smaller");
        verdict(interval(1.0, 0.99, 1.01), 1.8, Verdict.RULES_OUT, "ours [0.99–1.01] rules ×1.8 out");
        verdict(interval(1.03, 1.01, 1.05), 1.03, Verdict.REPRODUCED, "published 1.03, ours 1.03 [1.01–1.05]");
        verdict(interval(1.0, 0.99, 1.01), 1.03, Verdict.REPRODUCED,
                "ours [0.99–1.01] lies wholly within ×1.25 of a published 1.03");
    }

    @Test
    void theReadmeSweepIsDecidedAgainstThePublishedValues() {
        verdict(interval(0.79, 0.675, 0.970), 0.761, Verdict.REPRODUCED, "a7");
        verdict(interval(0.48, 0.420, 0.574), 0.582, Verdict.REPRODUCED, "a8: reaches 0.582 / 1.25 = 0.466");
        verdict(interval(0.80, 0.685, 0.960), 0.839, Verdict.REPRODUCED, "a15: wholly within [0.671, 1.049]");
        verdict(interval(0.40, 0.35, 0.44), 0.582, Verdict.LARGER, "a larger slowdown than published, beyond ×1.25");
    }

    @Test
    void everyClassOfTheTable() {
        verdict(interval(1.97, 1.6, 2.4), 1.5, Verdict.REPRODUCED, "clear of 1, overlapping [1.2, 1.875]");
        verdict(interval(3.37, 3.0, 3.8), 72.3, Verdict.SMALLER, "×3.37 against ×72.3");
        verdict(interval(150, 100, 220), 3.0, Verdict.LARGER, "×150 against ×3");
        verdict(interval(1.0, 0.95, 1.05), 6.73, Verdict.RULES_OUT, "holds 1, excludes [5.38, 8.41]");
        verdict(interval(0.9, 0.85, 0.95), 1.62, Verdict.CONTRADICTED, "clear of 1 the other way");
        verdict(interval(1.3, 1.4, 1.6), 1.0, Verdict.CONTRADICTED, "P = 1: any direction beyond its tolerance");
        verdict(interval(1.04, 0.9, 1.2), 1.3, Verdict.UNDECIDED, "holds 1 and reaches P's tolerance");
        verdict(interval(1.04, 0.5, 8.0), 6.73, Verdict.UNDECIDED, "holds both 1 and P");
        verdict(interval(1.04, 0.5, 4.0), 6.73, Verdict.RULES_OUT, "holds 1, ends below 6.73 / 1.25");
        verdict(interval(1.15, 1.05, 1.3), 0.97, Verdict.UNDECIDED,
                "clear of 1 the other way, but within ×1.25 of P: cannot tell");
        verdict(none(1.04), 6.73, Verdict.NO_INTERVAL, "the quick profile's cache-8mb on one repeat");
        verdict(none(546), 72.3, Verdict.NO_INTERVAL, "no interval, whatever the point estimate");
    }

    @Test
    void theToleranceIsTheSameForASpeedUpAndASlowdown() {
        // 0.76 and 1/0.76 against intervals that are each other's inverse: same verdict, for every interval tried
        double[][] intervals = {{0.60, 0.70}, {0.70, 0.80}, {0.90, 1.10}, {0.96, 1.02}, {1.2, 1.4}, {0.4, 0.5}, {0.5, 0.62}};
        for (double[] i : intervals) {
            EffectInterval ours = interval(Math.sqrt(i[0] * i[1]), i[0], i[1]);
            assertThat(Verdict.of(mirror(ours), 1 / 0.76)).as("[%s–%s]", i[0], i[1]).isEqualTo(Verdict.of(ours, 0.76));
        }
    }

    @Test
    void aBoundShowsNoSize() {
        verdict(bound(41.3), 72.3, Verdict.UNDECIDED, "≥ 41.3 reaches ×72.3's tolerance, but shows no size");
        verdict(bound(41.3), 3.0, Verdict.LARGER, "≥ 41.3 lies beyond ×3's tolerance");
        verdict(bound(41.3), 0.5, Verdict.CONTRADICTED, "slower where P is faster");
        verdict(bound(0.8), 72.3, Verdict.UNDECIDED, "holds 1 and P");
    }

    @Test
    void driftExplainsAnEffectClearOfOneOnlyInsideItsBand() {
        verdict(interval(1.2, 1.1, 1.3), 1.5, 1.0, Verdict.REPRODUCED, "no drift");
        verdict(interval(1.2, 1.1, 1.3), 1.5, 1.15, Verdict.WITHIN_DRIFT, "1.1 is inside the base's own drift");
        verdict(interval(1.2, 0.9, 1.3), 1.5, 1.15, Verdict.UNDECIDED, "holds 1: drift or not");
    }

    @Test
    void theMarkThePageShowsDecidesTheDirection() {
        EffectInterval clear = interval(1.2, 1.1, 1.3);
        assertThat(Verdict.of(clear, 1.5, Mark.UP, false)).isEqualTo(Verdict.REPRODUCED);
        assertThat(Verdict.of(clear, 1.5, Mark.NONE, false)).as("not marked after the page's adjustment")
                .isEqualTo(Verdict.UNDECIDED);
        assertThat(Verdict.of(clear, 3.0, Mark.NONE, false)).isEqualTo(Verdict.RULES_OUT);
    }

    @Test
    void agreementIsTheVerdictsDirection() {
        assertThat(Agreement.of(interval(1.2, 1.1, 1.3), 1.62, 1)).isEqualTo(Agreement.SAME_DIRECTION);
        assertThat(Agreement.of(interval(0.8, 0.7, 0.9), 0.58, 1)).isEqualTo(Agreement.SAME_DIRECTION);
        assertThat(Agreement.of(interval(0.8, 0.7, 0.9), 1.62, 1)).isEqualTo(Agreement.DIFFERENT);
        assertThat(Agreement.of(interval(1.0, 0.95, 1.05), 1.62, 1)).isEqualTo(Agreement.RULES_OUT);
        assertThat(Agreement.of(interval(0.8, 0.6, 1.1), 0.7, 1)).isEqualTo(Agreement.UNDECIDED);
        assertThat(Agreement.of(none(0.8), 1.62, 1)).isEqualTo(Agreement.NO_INTERVAL);
        assertThat(Agreement.of(null, 1.62, 1)).isNull();
    }

    @Test
    void theFactorBetweenOursAndPublished() {
        assertThat(Verdict.factor(interval(2.0, 1.5, 3.0), 6.0)).isCloseTo(3.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(Verdict.factor(interval(0.5, 0.4, 0.6), 1 / 6.0)).isCloseTo(3.0, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void missingFiguresGiveNoVerdict() {
        assertThat(Verdict.of(null, 1.5)).isNull();
        assertThat(Verdict.of(interval(1.5, 1.2, 1.8), null)).isNull();
        assertThat(Verdict.of(interval(1.5, 1.2, 1.8), 0.0)).isNull();
    }

    @Test
    void summaryCountsEveryClass() {
        assertThat(Verdict.summary(Map.of(Verdict.REPRODUCED, 2L, Verdict.SMALLER, 2L, Verdict.NO_INTERVAL, 1L), 6))
                .isEqualTo("2 of 6 published steps reproduced (the 95 % interval within ×1.25 of the published effect,"
                        + " or clear of 1 on its side and reaching that far); 2 same direction, smaller; 0 same direction,"
                        + " larger; 0 not reproduced: rules P out; 0 contradicted; 0 undecided; 0 within drift;"
                        + " 1 no interval; 1 without a verdict (not measured)");
    }
}
