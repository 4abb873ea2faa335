package org.pgknobs.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Issue 45's acceptance for the marks of a page, simulated through the report's own code: each sweep's intervals from
 * {@link EffectInterval#ratio} with each phase's pooled noise model ({@link RunNoise}, as the report makes them) and
 * its marks from {@link VerdictModel#sweep} (the code report.md, report.html and
 * summary.md read), on arrays instead of result directories. The README's sweep: 17 variants × 8 insert-benchmark
 * phases, 3 repeats a side, against a base measured in each phase. Figures printed, and stated in
 * docs/statistics.md ("Marks on a page").
 */
@Tag("unit")
class PageMarksSimulationTest {

    static final int VARIANTS = 17;
    static final int PHASES = 8;
    static final int REPEATS = 3;
    /**
     * Sweeps per check: the null rate's standard error at 1,000 is 0.6 points near 4 % and the power's 0.5 points near
     * 97 %, against margins of 1.4 and 2 points; more would only make the suite slower (each check stays under 10 s).
     */
    static final int SWEEPS = 1000;
    /** The base's CV on the small profile (bracketed, docs/reproduction.md) and on the quick article profile. */
    static final double CV_SMALL = 0.018;
    static final double CV_QUICK = 0.074;

    @Test
    void aNullSweepMarksNothingInAtLeast95PercentOfSweeps() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(45L);
        int withAnyMark = 0;
        int marks = 0;
        for (int s = 0; s < SWEEPS; s++) {
            int n = countMarks(VerdictModel.sweep(sweep(rng, CV_QUICK, new double[VARIANTS]), "phase0", VerdictModel.DriftModel.NONE));
            marks += n;
            withAnyMark += n > 0 ? 1 : 0;
        }
        double share = withAnyMark / (double) SWEEPS;
        System.out.printf(Locale.ROOT, "null sweep, CV %.1f %%: %d of %d sweeps with any mark (%.2f %%), %d marks in"
                        + " %d comparisons; unadjusted 95 %% intervals would mark about %.1f per sweep%n", CV_QUICK * 100,
                withAnyMark, SWEEPS, share * 100, marks, SWEEPS * VARIANTS * PHASES, 0.05 * VARIANTS * PHASES);
        assertThat(share).as("share of null sweeps with any mark").isLessThanOrEqualTo(PageMarks.ALPHA);
    }

    @Test
    void theNullRateDoesNotDependOnTheCv() {
        // Welch on the logs is scale-free: the same draws at the small profile's CV mark exactly the same cells
        for (int seed = 0; seed < 100; seed++) {
            List<Mark> small = marks(VerdictModel.sweep(sweep(RandomSource.XO_RO_SHI_RO_128_PP.create((long) seed),
                    CV_SMALL, new double[VARIANTS]), "phase0", VerdictModel.DriftModel.NONE));
            List<Mark> quick = marks(VerdictModel.sweep(sweep(RandomSource.XO_RO_SHI_RO_128_PP.create((long) seed),
                    CV_QUICK, new double[VARIANTS]), "phase0", VerdictModel.DriftModel.NONE));
            assertThat(small).isEqualTo(quick);
        }
    }

    private static List<Mark> marks(List<ReportData.PhaseTable> tables) {
        return tables.stream().flatMap(t -> t.rows().stream()).map(ReportData.RelativeRow::mark).toList();
    }

    @Test
    void threeRealEffectsStayMarked() {
        // a7, a8 and a15 as measured on the fit profile (docs/reproduction.md), base CV 1.5 %, the other 14 null
        double[] effects = new double[VARIANTS];
        Arrays.fill(effects, 0);
        effects[6] = Math.log(0.78);
        effects[7] = Math.log(0.59);
        effects[14] = Math.log(0.86);
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(4545L);
        int allThree = 0;
        int falseMarks = 0;
        for (int s = 0; s < SWEEPS; s++) {
            List<ReportData.PhaseTable> tables = VerdictModel.sweep(sweep(rng, 0.015, effects), "phase0", VerdictModel.DriftModel.NONE);
            List<ReportData.RelativeRow> headline = tables.get(0).rows();
            boolean all = headline.get(6).mark() == Mark.DOWN && headline.get(7).mark() == Mark.DOWN
                    && headline.get(14).mark() == Mark.DOWN;
            allThree += all ? 1 : 0;
            falseMarks += countMarks(tables) - (int) List.of(6, 7, 14).stream()
                    .filter(i -> headline.get(i).mark().shown()).count();
        }
        double share = allThree / (double) SWEEPS;
        System.out.printf(Locale.ROOT, "three real effects (0.78, 0.59, 0.86 at CV 1.5 %%): all three marked in %d of %d"
                + " sweeps (%.2f %%); %d false marks in all%n", allThree, SWEEPS, share * 100, falseMarks);
        assertThat(share).isGreaterThanOrEqualTo(0.95);
    }

    @Test
    void repeatsAutoStoppingKeepsTheNullRate() {
        // repeats: auto's defaults (3..6 rounds, target ±3 %), the rule itself deciding after each round, at the
        // small profile's CV (the quick profile's never settles before 6): the marks of the headline table it stops at
        org.pgknobs.stats.AutoRepeats auto = new org.pgknobs.stats.AutoRepeats(3, 6, 0.03);
        List<String> names = new ArrayList<>();
        for (int v = 0; v < VARIANTS; v++) {
            names.add("a" + (v + 1));
        }
        List<org.pgknobs.stats.Comparison> comparisons = org.pgknobs.stats.Comparison.againstBase(names, "base");
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(4546L);
        ZigguratSampler.NormalizedGaussian gauss = ZigguratSampler.NormalizedGaussian.of(rng);
        double sigma = Math.sqrt(Math.log(1 + CV_SMALL * CV_SMALL));
        int withAnyMark = 0;
        int[] stoppedAt = new int[7];
        int sweeps = SWEEPS;
        for (int s = 0; s < sweeps; s++) {
            java.util.Map<String, List<Double>> samples = new java.util.LinkedHashMap<>();
            samples.put("base", new ArrayList<>());
            names.forEach(n -> samples.put(n, new ArrayList<>()));
            int rounds = 0;
            do {
                samples.values().forEach(v -> v.add(50_000 * Math.exp(sigma * gauss.sample())));
                rounds++;
            } while (!auto.decide(samples, comparisons).stop());
            stoppedAt[rounds]++;
            List<ReportData.RelativeRow> rows = rows(samples);
            withAnyMark += countMarks(VerdictModel.sweep(List.of(new ReportData.PhaseTable("phase0", rows)), "phase0",
                    VerdictModel.DriftModel.NONE)) > 0 ? 1 : 0;
        }
        double share = withAnyMark / (double) sweeps;
        System.out.printf(Locale.ROOT, "repeats auto 3..6, target 3 %%, CV %.1f %%, 17 A/A variants: %d of %d sweeps"
                        + " with any mark (%.2f %%); stopped after 3/4/5/6 rounds: %d/%d/%d/%d%n", CV_SMALL * 100,
                withAnyMark, sweeps, share * 100, stoppedAt[3], stoppedAt[4], stoppedAt[5], stoppedAt[6]);
        assertThat(share).isLessThanOrEqualTo(PageMarks.ALPHA);
    }

    @Test
    void holmAndBenjaminiHochbergAsTheirPapersAdjust() {
        double[] p = {0.01, 0.04, 0.03, 0.005};
        // Holm: sorted 0.005, 0.01, 0.03, 0.04 × 4, 3, 2, 1 = 0.02, 0.03, 0.06, 0.04 → running max 0.02, 0.03, 0.06, 0.06
        assertThat(PageMarks.holm(p)).containsExactly(new double[] {0.03, 0.06, 0.06, 0.02},
                org.assertj.core.data.Offset.offset(1e-12));
        // BH: × 4/1, 4/2, 4/3, 4/4 = 0.02, 0.02, 0.04, 0.04 → running min from the top: 0.02, 0.02, 0.04, 0.04
        assertThat(PageMarks.benjaminiHochberg(p)).containsExactly(new double[] {0.02, 0.04, 0.04, 0.02},
                org.assertj.core.data.Offset.offset(1e-12));
    }

    /** One simulated sweep: per phase a base and 17 variants, each ln value = effect (headline phase only) + noise. */
    static List<ReportData.PhaseTable> sweep(UniformRandomProvider rng, double cv, double[] effects) {
        ZigguratSampler.NormalizedGaussian gauss = ZigguratSampler.NormalizedGaussian.of(rng);
        double sigma = Math.sqrt(Math.log(1 + cv * cv));
        List<ReportData.PhaseTable> tables = new ArrayList<>();
        for (int phase = 0; phase < PHASES; phase++) {
            java.util.Map<String, List<Double>> samples = new java.util.LinkedHashMap<>();
            samples.put("base", values(gauss, sigma, 0));
            for (int v = 0; v < VARIANTS; v++) {
                samples.put("a" + (v + 1), values(gauss, sigma, phase == 0 ? effects[v] : 0));
            }
            tables.add(new ReportData.PhaseTable("phase" + phase, rows(samples)));
        }
        return tables;
    }

    /** A phase table's rows as the report makes them: each variant ÷ base from the phase's pooled noise model. */
    static List<ReportData.RelativeRow> rows(java.util.Map<String, List<Double>> samples) {
        java.util.Map<String, double[]> arrays = new java.util.LinkedHashMap<>();
        samples.forEach((n, v) -> arrays.put(n, v.stream().mapToDouble(Double::doubleValue).toArray()));
        RunNoise noise = RunNoise.of(arrays);
        List<ReportData.RelativeRow> rows = new ArrayList<>();
        samples.keySet().stream().filter(n -> !n.equals("base")).forEach(n -> rows.add(new ReportData.RelativeRow(n,
                null, null, EffectInterval.ratio("base", samples.get("base"), samples.get(n), noise.between("base", n)),
                false, null, null, null, null, null, Mark.NONE)));
        return rows;
    }

    private static List<Double> values(ZigguratSampler.NormalizedGaussian gauss, double sigma, double logEffect) {
        List<Double> out = new ArrayList<>();
        for (int r = 0; r < REPEATS; r++) {
            out.add(50_000 * Math.exp(logEffect + sigma * gauss.sample()));
        }
        return out;
    }

    private static int countMarks(List<ReportData.PhaseTable> tables) {
        return (int) tables.stream().flatMap(t -> t.rows().stream()).filter(r -> r.mark().shown()).count();
    }
}
