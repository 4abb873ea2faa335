package org.pgknobs.bisect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.IntToDoubleFunction;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.stats.AutoRepeats;

/** The search against synthetic oracles: each candidate's true level times a fixed noise pattern per run. */
@Tag("unit")
class BisectionTest {

    private static final BisectRules RULES = new BisectRules(new AutoRepeats(3, 6, 0.03), OptionalDouble.empty());

    /** 17.0 .. 17.12 */
    private static final List<String> RELEASES = IntStream.rangeClosed(0, 12).mapToObj(i -> "17." + i).toList();

    /**
     * An oracle: run k of candidate i gives level(i) × (1 + cv × a fixed pattern in [−1, 1]), so the spread is
     * the cv's and nothing is random; it counts the candidates it measured and every run.
     */
    private static class Oracle implements Bisection.Measure {
        private final IntToDoubleFunction level;
        private final double cv;
        private final Map<Integer, Integer> runsOf = new HashMap<>();
        private final java.util.function.IntPredicate fails;

        Oracle(IntToDoubleFunction level, double cv, java.util.function.IntPredicate fails) {
            this.level = level;
            this.cv = cv;
            this.fails = fails;
        }

        @Override
        public List<RunOutcome> runs(int index, int count) {
            List<RunOutcome> out = new ArrayList<>();
            for (int c = 0; c < count; c++) {
                int k = runsOf.merge(index, 1, Integer::sum);
                out.add(fails.test(index) ? RunOutcome.failed("FATAL: no unpinned buffers available")
                        : RunOutcome.ran(level.applyAsDouble(index) * (1 + cv * Math.sin(1.7 * k + index))));
            }
            return out;
        }

        int candidates() {
            return runsOf.size();
        }
    }

    private static BisectResult bisect(List<String> labels, BisectRules rules, Oracle oracle, List<Probe> seen) {
        return new Bisection(labels, "release", rules, oracle, seen::add).run();
    }

    @Test
    void aChangeAtAKnownReleaseIsFoundWithBothNeighboursAsEvidence() {
        Oracle oracle = new Oracle(i -> i >= 7 ? 800 : 1000, 0.02, i -> false);
        List<Probe> seen = new ArrayList<>();
        BisectResult r = bisect(RELEASES, RULES, oracle, seen);

        assertThat(r.kind()).isEqualTo(BisectResult.Kind.FOUND);
        assertThat(r.after().orElseThrow().label()).isEqualTo("17.7");
        assertThat(r.after().orElseThrow().probeClass()).isEqualTo(ProbeClass.LIKE_LAST);
        assertThat(r.before().orElseThrow().label()).isEqualTo("17.6");
        assertThat(r.before().orElseThrow().probeClass()).isEqualTo(ProbeClass.LIKE_FIRST);
        assertThat(r.summary()).isEqualTo("first release like 17.12: 17.7 (17.6 is like 17.0)");
        assertThat(seen).isEqualTo(r.path());
        assertThat(r.path().get(0).label()).isEqualTo("17.0");
        assertThat(r.path().get(1).label()).isEqualTo("17.12");
        // 13 candidates: at most ceil(log2 13) + 2 = 6 measured
        assertThat(oracle.candidates()).isLessThanOrEqualTo(6).isEqualTo(r.path().size());
        Probe p = r.after().orElseThrow();
        assertThat(p.line("17.0", "17.12")).startsWith("17.7: ").contains(" of 17.0, ×").endsWith(" → like 17.12");
    }

    @Test
    void noiseOnlyEndsWithNoChangeAndTheSmallestDetectableChange() {
        Oracle oracle = new Oracle(i -> 1000, 0.02, i -> false);
        BisectResult r = bisect(RELEASES, RULES, oracle, new ArrayList<>());

        assertThat(r.kind()).isEqualTo(BisectResult.Kind.NO_CHANGE);
        assertThat(r.summary()).startsWith("no release between 17.0 and 17.12 changed the throughput beyond noise: "
                + "17.12 is ×").contains("smallest detectable change ");
        assertThat(oracle.candidates()).isEqualTo(2); // nothing between the ends is run
        assertThat(r.path()).hasSize(2);
    }

    @Test
    void aProbeWhoseRunsSpreadOverBothEndsIsUndecidedAtTheCapAndSaysTheRangeLeft() {
        // 17.6 (the first probe) alternates between 700 and 1150: its interval holds both 1000 and 800
        Oracle oracle = new Oracle(i -> i >= 7 ? 800 : 1000, 0.02, i -> false) {
            private int k;

            @Override
            public List<RunOutcome> runs(int index, int count) {
                if (index != 6) {
                    return super.runs(index, count);
                }
                List<RunOutcome> out = new ArrayList<>();
                for (int c = 0; c < count; c++) {
                    out.add(RunOutcome.ran(k++ % 2 == 0 ? 700 : 1150));
                }
                return out;
            }
        };
        BisectResult r = bisect(RELEASES, RULES, oracle, new ArrayList<>());

        assertThat(r.kind()).isEqualTo(BisectResult.Kind.UNDECIDED);
        Probe undecided = r.path().get(r.path().size() - 1);
        assertThat(undecided.label()).isEqualTo("17.6");
        assertThat(undecided.probeClass()).isEqualTo(ProbeClass.UNDECIDED);
        assertThat(undecided.runs()).isEqualTo(6); // up to the cap
        assertThat(r.summary()).isEqualTo("17.6 is undecided after 6 runs: the release that changed lies between 17.0 "
                + "and 17.12 (more repeats, --repeats MIN..MAX, may decide it)");
    }

    @Test
    void everyChangePointOfEveryLengthIsFoundWithinLog2NPlusTwoProbes() {
        for (int n = 2; n <= 40; n++) {
            List<String> labels = IntStream.range(0, n).mapToObj(i -> "c" + i).toList();
            for (int change = 1; change < n; change++) {
                int at = change;
                Oracle oracle = new Oracle(i -> i >= at ? 1300 : 1000, 0.01, i -> false);
                BisectResult r = bisect(labels, RULES, oracle, new ArrayList<>());
                assertThat(r.kind()).as("n %d change %d", n, change).isEqualTo(BisectResult.Kind.FOUND);
                assertThat(r.after().orElseThrow().index()).as("n %d change %d", n, change).isEqualTo(change);
                int bound = (int) Math.ceil(Math.log(n) / Math.log(2)) + 2;
                assertThat(oracle.candidates()).as("n %d change %d", n, change).isLessThanOrEqualTo(bound);
            }
        }
    }

    @Test
    void whereRunsStartToFailIsFoundWithOneRunAProbe() {
        List<String> sizes = List.of("128kB", "256kB", "512kB", "1MB", "2MB", "4MB", "8MB", "16MB", "32MB", "64MB");
        Oracle oracle = new Oracle(i -> 40, 0.02, i -> i < 3);
        BisectResult r = bisect(sizes, RULES, oracle, new ArrayList<>());

        assertThat(r.kind()).isEqualTo(BisectResult.Kind.FOUND);
        assertThat(r.before().orElseThrow().label()).isEqualTo("512kB");
        assertThat(r.before().orElseThrow().probeClass()).isEqualTo(ProbeClass.FAILS);
        assertThat(r.before().orElseThrow().failure()).contains("FATAL: no unpinned buffers available");
        assertThat(r.after().orElseThrow().label()).isEqualTo("1MB");
        assertThat(r.after().orElseThrow().probeClass()).isEqualTo(ProbeClass.LIKE_LAST);
        assertThat(r.summary()).isEqualTo("runs fail up to 512kB and run from 1MB");
        // one run decides every candidate, the ends included: it fails or it runs
        assertThat(r.path()).allSatisfy(p -> assertThat(p.runs()).isEqualTo(1));
        assertThat(oracle.candidates()).isEqualTo(r.path().size()).isLessThanOrEqualTo(6);
        assertThat(r.path().get(0).line("128kB", "64MB")).isEqualTo(
                "128kB: failed: FATAL: no unpinned buffers available → fails");
        assertThat(r.after().orElseThrow().line("128kB", "64MB")).matches("1MB: \\d+\\.\\d/s \\(1 run: no interval\\) → like 64MB");
    }

    @Test
    void aDropIsFoundAgainstTheFasterEnd() {
        // throughput grows with the value until index 5, then flat: 20 % drop lies between 3 (700) and 4 (900)
        double[] levels = {300, 400, 550, 700, 900, 1000, 1000, 1000};
        List<String> labels = IntStream.range(0, levels.length).mapToObj(i -> "v" + i).toList();
        Oracle oracle = new Oracle(i -> levels[i], 0.01, i -> false);
        BisectResult r = bisect(labels, new BisectRules(new AutoRepeats(3, 6, 0.03), OptionalDouble.of(0.2)), oracle,
                new ArrayList<>());

        assertThat(r.kind()).isEqualTo(BisectResult.Kind.FOUND);
        assertThat(r.before().orElseThrow().label()).isEqualTo("v3");
        assertThat(r.after().orElseThrow().label()).isEqualTo("v4");
        assertThat(r.summary()).isEqualTo("the throughput falls off by more than 20.0 % of v7's between v3 (like v0) "
                + "and v4 (like v7)");
    }

    @Test
    void aDropThatTheSlowerEndDoesNotReachIsNoChange() {
        Oracle oracle = new Oracle(i -> i == 0 ? 950 : 1000, 0.01, i -> false);
        BisectResult r = bisect(List.of("a", "b", "c"), new BisectRules(new AutoRepeats(3, 6, 0.03),
                OptionalDouble.of(0.2)), oracle, new ArrayList<>());
        assertThat(r.kind()).isEqualTo(BisectResult.Kind.NO_CHANGE);
        assertThat(r.summary()).startsWith("no release between a and c falls off by 20.0 % of c's throughput: a is ×0.9");
    }

    @Test
    void bothEndsFailingLeaveNothingToBisect() {
        Oracle oracle = new Oracle(i -> 1, 0.01, i -> true);
        BisectResult r = bisect(List.of("a", "b", "c"), RULES, oracle, new ArrayList<>());
        assertThat(r.kind()).isEqualTo(BisectResult.Kind.BOTH_FAIL);
        assertThat(oracle.candidates()).isEqualTo(2);
    }
}
