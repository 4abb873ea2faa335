package org.pgknobs.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.ablation.Effects;
import org.pgknobs.report.EffectInterval;
import org.pgknobs.report.ReportData;
import org.pgknobs.report.UnitIntervals;
import org.pgknobs.results.CulpritCandidate;
import org.pgknobs.results.CulpritSearchResult;
import org.pgknobs.stats.RatioInterval;
import org.pgknobs.stats.WelchLogRatio;

/** The ablation's table, candidates and tornado chart as rendered from the data (the data comes from EffectsTest's arithmetic). */
@Tag("unit")
class AblationRenderTest {

    /** The same repeats as the logs below, as throughputs. */
    private static final Map<String, List<Double>> THROUGHPUTS = Map.of("base", List.of(300.0, 320.0),
            "full", List.of(0.5, 0.6), "without-cache", List.of(0.7, 0.9), "without-index", List.of(250.0, 280.0),
            "only-cache", List.of(260.0, 270.0), "only-index", List.of(3.0, 4.0));

    private static ReportData.Ablation ablation() {
        Map<String, List<String>> units = new LinkedHashMap<>();
        units.put("cache", List.of("shared_buffers"));
        units.put("index", List.of("random_page_cost", "cpu_index_tuple_cost"));
        Map<String, Effects.Runs> runs = new LinkedHashMap<>();
        runs.put("base", logs(300, 320));
        runs.put("full", logs(0.5, 0.6));
        runs.put("without-cache", logs(0.7, 0.9));
        runs.put("without-index", logs(250, 280));
        runs.put("only-cache", logs(260, 270));
        runs.put("only-index", logs(3, 4));
        Effects.Summary s = Effects.compute(units, runs);
        CulpritSearchResult search = new CulpritSearchResult("ddmin", 0.9, List.of("index"), List.of("random_page_cost"),
                List.of(new CulpritCandidate(1, "units", List.of("index"), List.of("random_page_cost", "cpu_index_tuple_cost"),
                                "only-index", Math.log(3.5), 0.72, false, null),
                        new CulpritCandidate(2, "settings", List.of("random_page_cost"), List.of("random_page_cost"),
                                "search-01", null, null, false, "server: FATAL: invalid value")), null);
        return new ReportData.Ablation(0.9, s.slowdown(), s.units(), List.of(), "done", search,
                UnitIntervals.of(units.keySet(), THROUGHPUTS));
    }

    private static Effects.Runs logs(double... tps) {
        return new Effects.Runs(java.util.Arrays.stream(tps).map(Math::log).boxed().toList());
    }

    @Test
    void theTableRanksUnitsWithBothDirectionsNoiseAndInteraction() {
        List<List<String>> rows = AblationTables.rows(ablation());
        assertThat(rows.get(0)).startsWith("1", "index", "random_page_cost, cpu_index_tuple_cost");
        assertThat(rows.get(0).get(4)).contains(" %", "±");
        // alone ×90, left out ×480: the interaction contrast's interval excludes 1
        assertThat(rows.get(0).get(7)).startsWith("yes ×").contains("[");
        assertThat(AblationTables.candidates(ablation()).get(1)).contains("no measurement: server: FATAL: invalid value");
        assertThat(AblationTables.candidates(ablation()).get(0)).as("one run: the share against the threshold, not a claim")
                .contains("share < 90.0 %");
        assertThat(AblationTables.searchLines(ablation()).get(0)).contains("units index; settings random_page_cost");
    }

    @Test
    void bothDirectionsPrintTheirIntervalFromTheRepeats() {
        List<String> index = AblationTables.rows(ablation()).get(0);
        // left out: without-index ÷ full; added alone: base ÷ only-index (Welch on logs, inverted for the slowdown)
        RatioInterval loo = (RatioInterval) WelchLogRatio.estimate(new double[] {0.5, 0.6}, new double[] {250, 280});
        RatioInterval aoi = (RatioInterval) WelchLogRatio.estimate(new double[] {300, 320}, new double[] {3, 4});
        assertThat(index.get(3)).contains("[" + Fmt.num(loo.lower()) + "–" + Fmt.num(loo.upper()) + "] faster");
        assertThat(index.get(5)).contains("[" + Fmt.num(1 / aoi.upper()) + "–" + Fmt.num(1 / aoi.lower()) + "]");
        // the word only where Holm over the table's 6 intervals keeps the mark: 2 repeats a side, p = aoi.pValue()
        ReportData.Ablation a = ablation();
        boolean marked = org.pgknobs.report.VerdictModel.ablation(a).get(a.interval("index", false)).shown();
        assertThat(index.get(5).endsWith(" slower")).isEqualTo(marked);
        // Holm over the 6: smallest p × 6, next × 5, …; with 2 repeats a side (df ≈ 1) the add-one-in p is not small
        assertThat(aoi.pValue() * 6).as("its p alone, Bonferroni's bound").isGreaterThan(0.05);
        assertThat(marked).as("not marked once the table's 6 intervals are accounted for").isFalse();
    }

    @Test
    void theTornadoChartsTableHasARowPerUnitWithReportJsonsIntervals() {
        Charts.Spec chart = TornadoChart.of(ablation(), "t").orElseThrow();
        assertThat(chart.kind()).isEqualTo("tornado");
        assertThat(chart.rows()).extracting(r -> r.get(0)).containsExactly("index", "cache");
        EffectInterval loo = ablation().interval("index", true);
        EffectInterval aoi = ablation().interval("index", false);
        assertThat(chart.rows().get(0)).containsExactly("index", loo.lower(), loo.ratio(), loo.upper(), aoi.lower(),
                aoi.ratio(), aoi.upper());
    }

    @Test
    void theTornadoRanksUnitsByTheirIntervalsAndMarksTies() {
        List<TornadoChart.Row> rows = TornadoChart.ranked(ablation());
        // left out: index ×480 [..] faster clears 1 far more than cache's ×1.4: index first, and not tied
        assertThat(rows).extracting(TornadoChart.Row::unit).containsExactly("index", "cache");
        assertThat(rows.get(0).tied()).isFalse();
        EffectInterval loo = ablation().interval("index", true);
        assertThat(rows.get(0).loo()).containsExactly(-Math.log10(loo.upper()), -Math.log10(loo.lower()));
        // two units with the same repeats cannot be told apart: the second is marked
        Map<String, List<Double>> same = Map.of("base", List.of(300.0, 320.0), "full", List.of(0.5, 0.6),
                "without-a", List.of(250.0, 280.0), "without-b", List.of(255.0, 275.0), "only-a", List.of(3.0, 4.0),
                "only-b", List.of(3.2, 3.9));
        ReportData.Ablation tie = new ReportData.Ablation(0.9, 500.0, List.of(unit("a"), unit("b")), List.of(), "off",
                null, UnitIntervals.of(List.of("a", "b"), same));
        List<TornadoChart.Row> tied = TornadoChart.ranked(tie);
        assertThat(tied.get(0).label()).doesNotStartWith("=");
        assertThat(tied.get(1).label()).startsWith(TornadoChart.TIED);
        assertThat(TornadoChart.of(tie, "t")).isPresent();
    }

    private static Effects.UnitEffect unit(String name) {
        return new Effects.UnitEffect(name, List.of("x"), null, null, null, null, null, null, null, null, null);
    }

    @Test
    void noMeasurementMeansNoChart() {
        ReportData.Ablation empty = new ReportData.Ablation(0.9, null, List.of(new Effects.UnitEffect("a", List.of("x"),
                null, null, null, null, null, null, null, null, null)), List.of(), "off", null, List.of());
        assertThat(TornadoChart.of(empty, "t")).isEmpty();
        assertThat(AblationTables.headline(empty)).contains("no effects");
    }
}
