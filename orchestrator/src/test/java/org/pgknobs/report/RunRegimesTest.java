package org.pgknobs.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.results.RegimeGroups;
import org.pgknobs.results.RegimeShift;
import org.pgknobs.results.RunRegime;
import org.pgknobs.stats.RatioInterval;
import org.pgknobs.stats.WelchLogRatio;

/**
 * Regimes as the report's intervals see them (issue 45, points 0 and 6): the regime is the lock granularity on
 * district and warehouse, every repeat is in the interval that marks, and a step that moved repeats between regimes
 * gets the shares, Fisher's exact test and the within-regime slowdowns beside it.
 */
@Tag("unit")
class RunRegimesTest {

    private static final List<String> TPCC = List.of("customer", "district", "history", "item", "new_order",
            "oorder", "stock", "warehouse");

    /** Every table relation-locked and read by Seq Scan (enable_indexscan off), and order_line too when asked. */
    private static RunRegime everyTableLocked(boolean orderLine) {
        Map<String, Double> shares = new LinkedHashMap<>();
        Map<String, RunRegime.TableScans> scans = new LinkedHashMap<>();
        List<String> tables = new ArrayList<>(TPCC);
        tables.add("order_line");
        for (String t : tables) {
            scans.put(t, new RunRegime.TableScans(400, 0));
            if (orderLine || !t.equals("order_line")) {
                shares.put(t, 0.95);
            }
        }
        return new RunRegime(40, shares, scans, null, "no statements.json");
    }

    private static final RunRegime TUPLE = new RunRegime(40, Map.of(), Map.of("district",
            new RunRegime.TableScans(0, 5000)), null, "no statements.json");

    private static List<Double> list(double... v) {
        return java.util.Arrays.stream(v).boxed().toList();
    }

    /**
     * Point 0: the cumulative chain's last step switched index scans off; its three repeats ran 1.73, 4.93 and
     * 1.20 tx/s against about 930 for the step before, every table relation-locked in all three and order_line's
     * relation locks held in one. That is one regime, so no repeat is dropped, and the slowdown over all three is
     * marked, clear of 1 by far (the step's spread differs from the run's, so its interval is Welch's on its own
     * repeats: about ×67 to ×2,700).
     */
    @Test
    void repeatsThatLockEveryTableAreOneRegimeAndTheSlowdownOverAllOfThemIsMarked() {
        RegimeGroups groups = RegimeGroups.of(Map.of("r1", everyTableLocked(false), "r2", everyTableLocked(true),
                "r3", everyTableLocked(false)));
        assertThat(groups.bimodal()).isFalse();
        assertThat(groups.groups()).containsOnlyKeys("relation-level on district, warehouse");
        assertThat(everyTableLocked(true).name()).as("the description still names every locked table")
                .contains("order_line");

        double[] before = {925, 930, 936};
        double[] noIndex = {1.73, 4.93, 1.20};
        Map<String, double[]> run = new LinkedHashMap<>();
        run.put("base", new double[] {950, 940, 960});
        run.put("aa-bgw", before);
        run.put("no-index", noIndex);
        RunNoise noise = RunNoise.of(run);
        EffectInterval slowdown = EffectInterval.slowdown("aa-bgw", list(before), list(noIndex),
                noise.between("aa-bgw", "no-index"));
        assertThat(slowdown.n()).isEqualTo(3);
        assertThat(slowdown.method()).isEqualTo(WelchLogRatio.METHOD);
        assertThat(slowdown.note()).startsWith("no-index has a spread that differs from the run's");
        RatioInterval welch = (RatioInterval) WelchLogRatio.estimate(noIndex, before);
        assertThat(slowdown.lower()).isCloseTo(welch.lower(), within(1e-9)).isBetween(60.0, 75.0);
        assertThat(slowdown.upper()).isCloseTo(welch.upper(), within(1e-9)).isBetween(2_500.0, 2_900.0);
        assertThat(Mark.of(slowdown).shown()).isTrue();
        assertThat(RunRegimes.shift("aa-bgw", repeats(everyTableLocked(false), before),
                repeats(everyTableLocked(true), noIndex))).as("one regime on both sides: nothing to add").isEmpty();
    }

    /**
     * Point 6: a step whose repeats split between regimes keeps all of them in its interval, and the line beside it
     * gives each regime's share on both sides with Fisher's exact test (2 × 2: 2 tuple-level and 2 relation-level
     * against 0 and 4, p = (6 + 6) / 28 = 0.43) and the slowdown within the regime both sides have twice or more.
     */
    @Test
    void aStepSplitBetweenRegimesKeepsEveryRepeatAndReportsTheSharesAndFishersTest() {
        RunRegime relation = everyTableLocked(false);
        List<RunRegimes.Repeat> base = List.of(new RunRegimes.Repeat("r1", relation, 210),
                new RunRegimes.Repeat("r2", relation, 205), new RunRegimes.Repeat("r3", relation, 215),
                new RunRegimes.Repeat("r4", relation, 208));
        List<RunRegimes.Repeat> step = List.of(new RunRegimes.Repeat("r1", TUPLE, 700),
                new RunRegimes.Repeat("r2", relation, 200), new RunRegimes.Repeat("r3", TUPLE, 720),
                new RunRegimes.Repeat("r4", relation, 206));
        RegimeShift shift = RunRegimes.shift("base", base, step).orElseThrow();
        assertThat(shift.step()).containsEntry("tuple-level", 2).containsEntry("relation-level on district, warehouse", 2);
        assertThat(shift.reference()).containsOnly(Map.entry("relation-level on district, warehouse", 4));
        assertThat(shift.fisherP()).isCloseTo(12.0 / 28, within(1e-9));
        RatioInterval within = (RatioInterval) WelchLogRatio.estimate(new double[] {200, 206},
                new double[] {210, 205, 215, 208});
        assertThat(shift.within()).singleElement().satisfies(w -> {
            assertThat(w.regime()).isEqualTo("relation-level on district, warehouse");
            assertThat(w.slowdown()).isCloseTo(within.ratio(), within(1e-9));
            assertThat(w.lower()).isCloseTo(within.lower(), within(1e-9));
        });
        assertThat(shift.sentence()).startsWith("relation-level on district, warehouse in 2 of 4 repeats against 4 of 4"
                + " in base, tuple-level in 2 of 4 repeats against 0 of 4 in base (Fisher's exact test of the shares:"
                + " p 0.43); within relation-level on district, warehouse: ×");

        // the interval that marks is over every repeat of the step, in whichever regime
        Map<String, double[]> run = new LinkedHashMap<>();
        run.put("base", new double[] {210, 205, 215, 208});
        run.put("split", new double[] {700, 200, 720, 206});
        EffectInterval all = EffectInterval.slowdown("base", list(run.get("base")), list(run.get("split")),
                RunNoise.of(run).between("base", "split"));
        assertThat(all.n()).isEqualTo(4);
        assertThat(all.referenceN()).isEqualTo(4);
    }

    private static List<RunRegimes.Repeat> repeats(RunRegime regime, double[] throughputs) {
        List<RunRegimes.Repeat> out = new ArrayList<>();
        for (int i = 0; i < throughputs.length; i++) {
            out.add(new RunRegimes.Repeat("r" + (i + 1), regime, throughputs[i]));
        }
        return out;
    }
}
