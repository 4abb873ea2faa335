package org.pgknobs.report.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.yaml.ExperimentLoader;
import org.pgknobs.report.captures.StepCaptures;
import org.pgknobs.report.EffectInterval;
import org.pgknobs.report.Mark;
import org.pgknobs.report.ReportBuilder;
import org.pgknobs.report.PageMarks;
import org.pgknobs.report.ReportData;
import org.pgknobs.report.RunData;
import org.pgknobs.report.StepRun;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.results.RunTags;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.results.WorkloadResult;
import org.pgknobs.stats.NoInterval;
import org.pgknobs.stats.PooledLogSpread;
import org.pgknobs.stats.RatioInterval;
import org.pgknobs.stats.RatioResult;
import org.pgknobs.stats.WelchLogRatio;

/**
 * The report's intervals on crafted step data (no server): each effect of a run carries the run's pooled t interval
 * on the logs of the repeats ({@link PooledLogSpread}), "within noise" is the interval holding 1, no spread anywhere
 * gives no interval and the report says so, and the verdicts say whether the published effect lies inside. Expected
 * ends come from {@link PooledLogSpread} (or {@link WelchLogRatio} across runs) on the same numbers, in its own
 * orientation (step ÷ base) and inverted here for the slowdowns.
 */
@Tag("unit")
class EffectIntervalReportTest {

    @TempDir
    Path tmp;

    private static final double[] BASE = {7000, 7150, 6900};
    private static final double[] SMALL_WAL = {1050, 1000, 1100};
    private static final double[] NO_AUTOVACUUM = {1020, 1080, 990};

    @Test
    void everySlowdownCarriesTheRunsPooledIntervalAgainstTheBaseAndTheStepBefore() throws Exception {
        Map<String, double[]> throughputs = Map.of("baseline", BASE, "small-wal", SMALL_WAL, "no-autovacuum",
                NO_AUTOVACUUM);
        ReportData.Run run = cumulative(throughputs);
        ReportData.Step smallWal = step(run, "small-wal");
        RatioInterval ratio = (RatioInterval) pooled(throughputs, "baseline", "small-wal");
        assertThat(ratio.method()).isEqualTo(PooledLogSpread.METHOD);
        assertThat(smallWal.effect().slowdownInterval().method()).isEqualTo(PooledLogSpread.METHOD);
        assertThat(smallWal.effect().slowdownInterval().lower()).isCloseTo(1 / ratio.upper(), within(1e-9));
        assertThat(smallWal.effect().slowdownInterval().upper()).isCloseTo(1 / ratio.lower(), within(1e-9));
        assertThat(smallWal.effect().slowdownInterval().ratio()).isCloseTo(1 / ratio.ratio(), within(1e-9));
        assertThat(smallWal.effect().slowdownInterval().pValue()).isCloseTo(ratio.pValue(), within(1e-12));
        assertThat(smallWal.effect().slowdownInterval().against()).isEqualTo("baseline");
        assertThat(smallWal.effect().slowdownInterval().note()).isEqualTo("log spread pooled over 3 steps (df 6)");
        assertThat(smallWal.effect().stepBeforeInterval()).as("the step before is the base itself").isNull();
        assertThat(step(run, "baseline").effect().slowdownInterval()).isNull();

        ReportData.Step noAutovacuum = step(run, "no-autovacuum");
        RatioInterval before = (RatioInterval) pooled(throughputs, "small-wal", "no-autovacuum");
        assertThat(noAutovacuum.effect().stepBeforeInterval().against()).isEqualTo("small-wal");
        assertThat(noAutovacuum.effect().stepBeforeInterval().lower()).isCloseTo(1 / before.upper(), within(1e-9));
        assertThat(noAutovacuum.effect().stepBeforeInterval().upper()).isCloseTo(1 / before.lower(), within(1e-9));

        String md = new MarkdownReport().render(data(run));
        assertThat(md).contains("| slowdown vs step before |")
                .contains("**" + Fmt.times(smallWal.effect().slowdown()) + " ▼** [" + Fmt.num(1 / ratio.upper()) + "–" + Fmt.num(1 / ratio.lower()) + "]")
                .contains(" [" + Fmt.num(1 / before.upper()) + "–" + Fmt.num(1 / before.lower()) + "] vs small-wal")
                .contains("Noise model: log spread pooled over 3 steps (df 6)");
    }

    @Test
    void withinNoiseIsTheIntervalHoldingOneNotTheMinMaxOverlap() throws Exception {
        // the step's median (945) lies below the base's min (1000): the old min–max rule said "an effect";
        // the run's pooled spread gives an interval that holds 1
        double[] base = {1000, 1100};
        double[] close = {900, 990};
        double[] slow = {500, 520, 510};
        Map<String, double[]> throughputs = Map.of("baseline", base, "small-wal", close, "no-autovacuum", slow);
        ReportData.Run run = cumulative(throughputs);
        ReportData.Step s = step(run, "small-wal");
        assertThat(((RatioInterval) pooled(throughputs, "baseline", "small-wal")).containsOne()).isTrue();
        assertThat(s.effect().withinNoise()).isTrue();
        // within noise, yet the interval rules out every slowdown within ×1.25 of the published ×6.73
        assertThat(s.effect().verdict()).isEqualTo("not reproduced: rules P out");
        ReportData.Step far = step(run, "no-autovacuum");
        assertThat(((RatioInterval) pooled(throughputs, "baseline", "no-autovacuum")).containsOne()).isFalse();
        // clear of 1 at 95 %, but the chain's two comparisons are one Holm family: far's p is the smaller, doubled
        double p = far.effect().slowdownInterval().pValue();
        assertThat(far.effect().withinNoise()).isEqualTo(2 * p >= PageMarks.ALPHA);
        assertThat(far.effect().mark()).isEqualTo(2 * p < PageMarks.ALPHA ? Mark.DOWN : Mark.NONE);
        assertThat(far.effect().verdict()).isNotEqualTo("within noise");
    }

    @Test
    void aChainsStepsTableCarriesItsFirstStepsSpreadAndTheRepeatsItTakes() throws Exception {
        ReportData.Run run = cumulative(Map.of("baseline", BASE, "small-wal", SMALL_WAL, "no-autovacuum", NO_AUTOVACUUM));
        // BASE {7000, 7150, 6900}: mean 7016.7, sd 125.8, so CV 1.8 %
        assertThat(run.baseSpread().step()).isEqualTo("baseline");
        assertThat(run.baseSpread().coefficientOfVariation()).isCloseTo(125.83 / 7016.67, within(1e-4));
        String line = "Spread of " + run.baseSpread().sentence() + ".";
        assertThat(line).startsWith("Spread of baseline: CV 1.8 % over 3 repeats, mean ±")
                .contains("; repeats per side to detect 5 %: " + run.baseSpread().repeatsToDetect().get("5 %") + ", 10 %: ");
        String md = new MarkdownReport().render(data(run));
        assertThat(md.substring(md.indexOf("### Steps"))).contains(line);
        assertThat(new HtmlReport().render(data(run))).contains(line);
        assertThat(cumulative(Map.of("baseline", new double[] {7000}, "small-wal", SMALL_WAL, "no-autovacuum",
                NO_AUTOVACUUM)).baseSpread()).as("one repeat has no spread").isNull();
    }

    @Test
    void withNoSpreadMeasuredAnywhereThereIsNoIntervalAndTheReportSaysWhy() throws Exception {
        ReportData.Run run = cumulative(Map.of("baseline", new double[] {7000}, "small-wal", new double[] {1050},
                "no-autovacuum", new double[] {1020}));
        ReportData.Step s = step(run, "small-wal");
        NoInterval expected = (NoInterval) WelchLogRatio.estimate(new double[] {7000}, new double[] {1050});
        assertThat(s.effect().slowdownInterval().present()).isFalse();
        assertThat(s.effect().slowdownInterval().noInterval()).isEqualTo(expected.reason())
                .isEqualTo("1 repeat of the base: no spread to estimate, so no interval");
        assertThat(s.effect().slowdownInterval().repeatsNeeded()).isEqualTo(2);
        assertThat(s.effect().withinNoise()).isFalse();
        assertThat(s.effect().publishedInside()).isNull();
        // every interval-less cell shares the reason: said once under the table, "(no interval)" in the cells
        String note = Fmt.sharedNote("1 repeat of the base: no spread to estimate, so no interval");
        assertThat(new MarkdownReport().render(data(run))).contains(note).contains("(no interval)")
                .doesNotContain("(1 repeat of the base: no spread to estimate, so no interval)");
        assertThat(new HtmlReport().render(data(run))).contains(HtmlReport.esc(note));
    }

    /**
     * The README's "Try it" (issue 45, point 0e): the bracketed base measured twice (649 and 767 tx/s), each step
     * once. The base's two measurements give the run's spread (SD of the logs 0.1181 on 1 df), so a step measured
     * once has an interval with equal spread assumed, at 96 % (the naming test's 1 % spent, PooledLogSpread):
     * exp(±t(0.98, 1) · 0.1181 · sqrt(1 + 1/2)) = ×/÷ 9.97 around its estimate (t(0.98, 1) = tan(0.48 π) = 15.895).
     * A step ×433 slower is decided ([43.4–4317], clear of 1); one ×1.09 slower is not.
     */
    @Test
    void aStepMeasuredOnceAgainstATwiceMeasuredBaseGetsThePooledSpreadAndSaysSo() throws Exception {
        double geometricMean = Math.sqrt(649.0 * 767.0);
        Map<String, double[]> throughputs = Map.of("baseline", new double[] {649, 767},
                "small-wal", new double[] {geometricMean / 1.09}, "no-autovacuum", new double[] {geometricMean / 433});
        ReportData.Run run = cumulative(throughputs);
        EffectInterval far = step(run, "no-autovacuum").effect().slowdownInterval();
        assertThat(far.method()).isEqualTo(PooledLogSpread.METHOD);
        assertThat(far.ratio()).isCloseTo(433, within(1e-6));
        assertThat(far.lower()).isCloseTo(43.4, within(0.1));
        assertThat(far.upper()).isCloseTo(4317, within(1.0));
        assertThat(far.note()).isEqualTo("log spread pooled over 1 steps (df 1); 1 repeat of the step: equal spread assumed");
        assertThat(Mark.of(far).shown()).isTrue();
        assertThat(step(run, "no-autovacuum").effect().withinNoise()).isFalse();
        // against the step before, both measured once: the same spread, sqrt(2) in the standard error
        assertThat(step(run, "no-autovacuum").effect().stepBeforeInterval().containsOne()).isFalse();

        EffectInterval close = step(run, "small-wal").effect().slowdownInterval();
        assertThat(close.ratio()).isCloseTo(1.09, within(1e-9));
        assertThat(close.containsOne()).isTrue();
        assertThat(step(run, "small-wal").effect().withinNoise()).isTrue();
        assertThat(new MarkdownReport().render(data(run))).contains("a step measured once takes the pooled spread "
                + "(equal spread assumed)");
    }

    @Test
    void verdictSaysWhetherThePublishedEffectLiesInsideTheInterval() throws Exception {
        // published: 7082 / 1052 = ×6.73 (ours ×6.8, inside) and 7082 / 485 = ×14.6 (ours ×6.9, outside)
        ReportData.Run run = cumulative(Map.of("baseline", BASE, "small-wal", SMALL_WAL, "no-autovacuum", NO_AUTOVACUUM));
        ReportData.Step inside = step(run, "small-wal");
        ReportData.Step outside = step(run, "no-autovacuum");
        assertThat(inside.effect().slowdownInterval().contains(7082.0 / 1052)).isTrue();
        assertThat(inside.effect().publishedInside()).isTrue();
        assertThat(inside.effect().verdict()).isEqualTo("reproduced");
        assertThat(outside.effect().slowdownInterval().contains(7082.0 / 485)).isFalse();
        assertThat(outside.effect().publishedInside()).isFalse();
        // clear of 1, but wholly below ×14.6 / 1.25: the same direction, smaller (issue 45: ×2 was too wide)
        assertThat(outside.effect().verdict()).isEqualTo("same direction, smaller");

        String md = new MarkdownReport().render(data(run));
        assertThat(md).contains("reproduced (published ×6.73 inside " + Fmt.interval(inside.effect().slowdownInterval()) + ")")
                .contains("same direction, smaller " + Fmt.times(org.pgknobs.report.Verdict.factor(
                        outside.effect().slowdownInterval(), 7082.0 / 485)) + " (published ×14.6 outside "
                        + Fmt.interval(outside.effect().slowdownInterval()) + ")");
    }

    @Test
    void theForestPlotDrawsABoundAsABoundAndAStepWithoutAnIntervalAsAPointThatSaysSo() throws Exception {
        ReportData.Run bound = cumulative(Map.of("baseline", BASE, "small-wal", new double[] {0, 0},
                "no-autovacuum", NO_AUTOVACUUM));
        List<Charts.Spec> plots = ForestPlot.of(bound, "f");
        assertThat(plots).hasSize(1);
        List<List<Object>> rows = plots.get(0).rows();
        assertThat(rows).extracting(r -> r.get(0)).containsExactly("small-wal", "no-autovacuum");
        ReportData.Step none = step(bound, "small-wal");
        // the bound: its lower end and no upper, flagged, the estimate the step's decided slowdown
        assertThat(rows.get(0)).containsExactly("small-wal", Charts.stepAnchor(bound, "small-wal"),
                none.effect().slowdown(), none.effect().slowdownInterval().lower(), null, none.effect().publishedSlowdown(),
                none.effect().verdict(), none.effect().mark().name(), true, null, none.status(),
                ForestPlot.firstWhy(none).orElse(null));
        assertThat((Double) rows.get(0).get(3)).isCloseTo(218_301, within(2.0));
        assertThat(rows.get(1).get(8)).as("a two-sided interval is no bound").isEqualTo(false);
        assertThat(rows.get(1).get(3)).isNotNull();
        assertThat(rows.get(1).get(4)).isNotNull();
        // one repeat everywhere: no spread, no interval; the row keeps its estimate and says why it has none
        ReportData.Run once = cumulative(Map.of("baseline", new double[] {7000}, "small-wal", new double[] {1000},
                "no-autovacuum", new double[] {1010}));
        List<Object> row = ForestPlot.of(once, "g").get(0).rows().get(0);
        assertThat(row.get(2)).isEqualTo(step(once, "small-wal").effect().slowdown());
        assertThat(row.get(3)).isNull();
        assertThat(row.get(4)).isNull();
        assertThat((String) row.get(9)).isEqualTo(step(once, "small-wal").effect().slowdownInterval().noInterval())
                .contains("no interval");
        // the page carries the plot's figures as JSON beside its element, and the legend once
        String html = new HtmlReport().render(data(bound));
        assertThat(html).contains("data-chart=\"" + Charts.id(bound, "forest") + "-0-data\"")
                .doesNotContain("data:image/png");
        assertThat(html.split("id=\"" + FirstScreen.HOW_TO_READ + "\"", -1)).hasSize(2);
    }

    @Test
    void aStepThatCompletedNothingGetsAGarwoodBoundOnItsSlowdown() throws Exception {
        // base 7000, 7150, 6900: logs' mean 8.8559366, sd 0.0179038, se 0.0103368; t(0.975, 2) = 4.3026527, so the
        // base's lower limit is exp(8.8559366 - 0.0444754) = 6710.7; none in 2 x 60 s: -ln(0.025) / 120 = 0.0307407
        // per second; 6710.7 / 0.0307407 = 218,301
        ReportData.Run run = cumulative(Map.of("baseline", BASE, "small-wal", new double[] {0, 0},
                "no-autovacuum", new double[] {0, 0}));
        ReportData.Step none = step(run, "small-wal");
        assertThat(none.effect().slowdownInterval().method()).isEqualTo("poisson-garwood-bound");
        assertThat(none.effect().slowdownInterval().bound()).isTrue();
        assertThat(none.effect().slowdownInterval().lower()).isCloseTo(218_301, within(2.0));
        assertThat(none.effect().slowdownInterval().upper()).isNull();
        assertThat(none.effect().slowdownInterval().containsOne()).isFalse();
        assertThat(none.effect().withinNoise()).isFalse();
        // published ×6.73 lies below the bound
        assertThat(none.effect().publishedInside()).isFalse();
        // a bound wholly beyond ×6.73 × 1.25: larger than published, by at least the bound's factor
        assertThat(none.effect().verdict()).isEqualTo("same direction, larger");
        // the step before completed nothing too: no ratio, and the cell says so
        ReportData.Step after = step(run, "no-autovacuum");
        assertThat(after.effect().stepBeforeInterval().present()).isFalse();
        assertThat(after.effect().stepBeforeInterval().noInterval())
                .isEqualTo("small-wal completed nothing in a repeat too: no ratio, so no interval");

        String md = new MarkdownReport().render(data(run));
        assertThat(md).contains("**> " + Fmt.times(none.effect().slowdown()) + " ▼** [≥ 218301]")
                .contains("same direction, larger ×" + Fmt.num(218_301 / 6.73).substring(0, 3))
                .contains(" (published ×6.73 outside [≥ 218301])");
        Path json = tmp.resolve("bound.json");
        JsonFiles.write(json, data(run));
        JsonNode interval = new ObjectMapper().readTree(json.toFile()).get("runs").get(0).get("steps").get(1)
                .get("slowdownInterval");
        assertThat(interval.get("lower").asDouble()).isCloseTo(218_301, within(2.0));
        assertThat(interval.hasNonNull("upper")).isFalse();
        assertThat(interval.get("confidence").asDouble()).isEqualTo(0.95);
    }

    @Test
    void aBoundNeedsTwoRepeatsOfTheReference() throws Exception {
        ReportData.Run run = cumulative(Map.of("baseline", new double[] {7000}, "small-wal", new double[] {0},
                "no-autovacuum", new double[] {1000}));
        ReportData.Step none = step(run, "small-wal");
        assertThat(none.effect().slowdownInterval().present()).isFalse();
        assertThat(none.effect().slowdownInterval().noInterval()).isEqualTo("1 repeat of the baseline: no spread to estimate, so no interval");
        assertThat(none.effect().slowdownInterval().repeatsNeeded()).isEqualTo(2);
    }

    @Test
    void reportJsonCarriesTheIntervalsEndsMethodPValueAndRepeats() throws Exception {
        Map<String, double[]> throughputs = Map.of("baseline", BASE, "small-wal", SMALL_WAL, "no-autovacuum",
                NO_AUTOVACUUM);
        ReportData data = data(cumulative(throughputs));
        Path json = tmp.resolve("report.json");
        JsonFiles.write(json, data);
        JsonNode step = new ObjectMapper().readTree(json.toFile()).get("runs").get(0).get("steps").get(1);
        RatioInterval ratio = (RatioInterval) pooled(throughputs, "baseline", "small-wal");
        JsonNode interval = step.get("slowdownInterval");
        assertThat(interval.get("method").asText()).isEqualTo("pooled-log");
        assertThat(interval.get("note").asText()).isEqualTo("log spread pooled over 3 steps (df 6)");
        assertThat(interval.get("lower").asDouble()).isCloseTo(1 / ratio.upper(), within(1e-9));
        assertThat(interval.get("upper").asDouble()).isCloseTo(1 / ratio.lower(), within(1e-9));
        assertThat(interval.get("pValue").asDouble()).isCloseTo(ratio.pValue(), within(1e-12));
        assertThat(interval.get("n").asInt()).isEqualTo(3);
        assertThat(interval.get("referenceN").asInt()).isEqualTo(3);
        assertThat(step.get("publishedInside").asBoolean()).isTrue();
    }

    @Test
    void variantsSweepRowsCarryTheRatioIntervalAndJudgeNoiseByIt() throws Exception {
        double[] base = {400, 410, 395};
        double[] small = {300, 310, 290};
        double[] big = {405, 420, 398};
        Map<String, double[]> throughputs = Map.of("baseline", base, "small-cache", small, "big-cache", big);
        ReportData.Run run = run(VARIANTS, throughputs);
        List<ReportData.RelativeRow> rows = run.sweep().get(0).rows();
        ReportData.RelativeRow smallRow = rows.stream().filter(r -> r.step().equals("small-cache")).findFirst().get();
        RatioInterval expected = (RatioInterval) pooled(throughputs, "baseline", "small-cache");
        assertThat(smallRow.interval().lower()).isCloseTo(expected.lower(), within(1e-9));
        assertThat(smallRow.interval().upper()).isCloseTo(expected.upper(), within(1e-9));
        assertThat(smallRow.withinNoise()).isFalse();
        assertThat(smallRow.publishedInside()).isEqualTo(expected.contains(300.0 / 400));
        ReportData.RelativeRow bigRow = rows.stream().filter(r -> r.step().equals("big-cache")).findFirst().get();
        assertThat(bigRow.withinNoise()).isEqualTo(((RatioInterval) pooled(throughputs, "baseline", "big-cache")).containsOne())
                .isTrue();
        // holds 1, and lies wholly within ×1.25 of the published 420 / 400 = 1.05
        assertThat(bigRow.verdict()).isEqualTo("reproduced");
        assertThat(new MarkdownReport().render(data(run))).contains(Fmt.ratio(smallRow.relative()) + " ▼** " + Fmt.interval(smallRow.interval()));
    }

    @Test
    void runsThatWereNotInterleavedAndNotBracketedAreNotMarkedAgainstEachOther() throws Exception {
        // the same chain twice, the second run half as fast throughout: every interval clears 1 by far
        RunData first = runData(CUMULATIVE, Map.of("baseline", BASE, "small-wal", SMALL_WAL, "no-autovacuum",
                NO_AUTOVACUUM), null, null);
        RunData later = runData(CUMULATIVE, Map.of("baseline", new double[] {3500, 3575, 3450}, "small-wal",
                new double[] {515, 526, 520}, "no-autovacuum", new double[] {250, 240, 245}), null, null);
        ReportData data = ReportBuilder.build(List.of(first, later), Optional.empty(), Instant.EPOCH);
        for (ReportData.ComparisonRow row : data.comparison()) {
            EffectInterval i = row.intervals().get(1);
            assertThat(i.upper()).as(row.step()).isLessThan(1);
            // the point estimate is the interval's, the ratio of geometric means
            assertThat(row.ratioToFirst().get(1)).isEqualTo(i.ratio());
            assertThat(row.marks().get(1)).as("no bracket: no term for the time between the runs").isEqualTo(Mark.NONE);
        }
        String md = new MarkdownReport().render(data);
        String sideBySide = md.substring(md.indexOf("## Runs side by side"), md.indexOf("\n## ", md.indexOf("## Runs side by side")));
        assertThat(sideBySide).contains("The runs were not interleaved, and not every run was bracketed")
                .doesNotContain(" ▼**").doesNotContain(" ▲**");
    }

    @Test
    void htmlStepsTableKeepsTheEffectsInFrontAndTheServerFiguresBehindAToggle() throws Exception {
        String html = new HtmlReport().render(data(cumulative(Map.of("baseline", BASE, "small-wal", SMALL_WAL,
                "no-autovacuum", NO_AUTOVACUUM))));
        int steps = html.indexOf("<h3>Steps");
        int details = html.indexOf("<details>", steps);
        assertThat(details).isPositive();
        String front = html.substring(steps, details);
        assertThat(front).contains("<th>verdict</th>").contains("<th>slowdown vs step before</th>").doesNotContain("p95 ms");
        assertThat(html.substring(details, html.indexOf("</details>", details))).contains("<summary>")
                .contains("<th>p95 ms</th>").contains("<th>top waits</th>");
    }

    @Test
    void mergedShardsGiveTheCombinedRatioItsIntervalAgainstEachHostsOwnBase() throws Exception {
        // host b runs twice as fast as host a; on both, small-cache runs at about 0.75 of the host's base
        double[] baseA = {400, 410, 395};
        double[] smallA = {300, 310, 290};
        double[] baseB = {800, 790, 815};
        double[] smallB = {610, 590, 600};
        RunData a = runData(VARIANTS, Map.of("baseline", baseA, "small-cache", smallA, "big-cache", baseA), "1/2", "host-a");
        RunData b = runData(VARIANTS, Map.of("baseline", baseB, "small-cache", smallB, "big-cache", baseB), "2/2", "host-b");
        ReportData data = ReportBuilder.build(List.of(a, b), Optional.empty(), Instant.EPOCH);
        ReportData.ShardRow row = data.shards().get(0).rows().stream().filter(r -> r.step().equals("small-cache"))
                .findFirst().orElseThrow();
        double medianA = 400;
        double medianB = 800;
        double[] baseRatios = {400 / medianA, 410 / medianA, 395 / medianA, 800 / medianB, 790 / medianB, 815 / medianB};
        double[] stepRatios = {300 / medianA, 310 / medianA, 290 / medianA, 610 / medianB, 590 / medianB, 600 / medianB};
        RatioInterval expected = (RatioInterval) WelchLogRatio.estimate(baseRatios, stepRatios);
        assertThat(row.interval().lower()).isCloseTo(expected.lower(), within(1e-9));
        assertThat(row.interval().upper()).isCloseTo(expected.upper(), within(1e-9));
        assertThat(row.interval().n()).isEqualTo(6);
        assertThat(new MarkdownReport().render(data)).contains(Fmt.ratio(row.combined(), row.interval()));
        assertThat(data.shards().get(0).rows().get(0).interval()).as("the base row").isNull();
    }

    /** step ÷ reference by the run's noise model over every step's repeats, as the report builds it. */
    private static RatioResult pooled(Map<String, double[]> run, String reference, String step) {
        return PooledLogSpread.of(run).estimate(reference, run.get(reference), step, run.get(step));
    }

    // ---- crafted runs ----

    private static final String WORKLOAD = """
            workload:
              kind: tpcc
              warehouses: 1
              terminals: 2
              warmup: 10s
              duration: 60s
            """;

    private static final String CUMULATIVE = """
            name: crafted
            mode: cumulative
            server:
              base: {}
            """ + WORKLOAD + """
            steps:
              - name: baseline
              - name: small-wal
                settings: {max_wal_size: 32MB}
              - name: no-autovacuum
                settings: {autovacuum: 'off'}
            reference:
              metric: tps
              source: crafted
              values: {baseline: 7082, small-wal: 1052, no-autovacuum: 485}
            """;

    private static final String VARIANTS = """
            name: crafted-sweep
            mode: variants
            server:
              base: {}
            """ + WORKLOAD + """
            steps:
              - name: baseline
              - name: small-cache
                settings: {shared_buffers: 32MB}
              - name: big-cache
                settings: {shared_buffers: 512MB}
            reference:
              metric: tps
              source: crafted
              values: {baseline: 400, small-cache: 300, big-cache: 420}
            """;

    private ReportData.Run cumulative(Map<String, double[]> throughputs) throws Exception {
        return run(CUMULATIVE, throughputs);
    }

    private ReportData.Run run(String yaml, Map<String, double[]> throughputs) throws Exception {
        RunData data = runData(yaml, throughputs, null, null);
        return ReportBuilder.build(List.of(data), Optional.empty(), Instant.EPOCH).runs().get(0);
    }

    /** @param shard "1/2", or null for a whole run */
    private RunData runData(String yaml, Map<String, double[]> throughputs, String shard, String host) throws Exception {
        Path file = tmp.resolve("experiment-" + System.nanoTime() + ".yaml");
        Files.writeString(file, yaml);
        Experiment experiment = ExperimentLoader.load(file, Optional.empty(), List.of());
        List<StepRun> runs = new ArrayList<>();
        Map<String, double[]> ordered = new LinkedHashMap<>();
        experiment.steps().forEach(s -> ordered.put(s.name(), throughputs.get(s.name())));
        int index = 1;
        for (Map.Entry<String, double[]> e : ordered.entrySet()) {
            double[] values = e.getValue();
            for (int r = 0; r < values.length; r++) {
                runs.add(stepRun(index, e.getKey(), r + 1, values[r]));
            }
            index++;
        }
        Optional<SuiteRecord> suite = shard == null ? Optional.empty()
                : Optional.of(new SuiteRecord(new SuiteRecord.Origin(experiment.name(), null, null, List.of()),
                        new SuiteRecord.Progress("done", Instant.EPOCH, Instant.EPOCH), null, List.of(), new RunTags(18, shard, host)));
        return new RunData(tmp.resolve(experiment.name() + (shard == null ? "" : "-" + host)).toString(), suite, Optional.of(experiment),
                runs, Optional.empty());
    }

    static StepRun stepRun(int index, String name, int repeat, double throughput) {
        PhaseResult phase = new PhaseResult("tpcc", throughput, throughput, Math.round(throughput * 60), 0, 60,
                new PhaseResult.Latency(1, 2, 3, 4), Map.of());
        StepResult result = new StepResult(index, name, repeat, StepStatus.DONE, null, Instant.EPOCH, Instant.EPOCH,
                null, Map.of(), new WorkloadResult("tpcc", "built-in", List.of(phase), "tpcc"), null);
        return new StepRun(index, name, repeat, name + "-" + repeat, StepStatus.DONE, null, result, Map.of(),
                null, StepRun.Series.NONE, StepCaptures.NONE);
    }

    private static ReportData data(ReportData.Run run) {
        return new ReportData(ReportData.SCHEMA_VERSION, Instant.EPOCH.toString(), null, List.of(run), List.of(), null,
                List.of());
    }

    private static ReportData.Step step(ReportData.Run run, String name) {
        return run.steps().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }
}
