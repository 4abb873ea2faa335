package org.pgknobs.report.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.pgknobs.report.format.ChartOptionsCheck.d;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The charts of a report over several result directories, and an ablation's tornado, as their ECharts instances hold
 * them (chart-probe.js's {@code options}) against report.json: the runs side by side (its {@code comparison}), the
 * versions side by side (its {@code versions}) and the tornado (a run's {@code ablation.intervals}). As in {@link
 * ChartOptionsCheck}, nothing is read from the chart's own data element.
 */
final class SideBySideOptionsCheck {

    private SideBySideOptionsCheck() {
    }

    /** A row per step and run but the first: its ratio to the first run, interval and mark; none where it lacks a figure. */
    static int runs(JsonNode report, JsonNode drawn) {
        Map<String, double[]> expected = new LinkedHashMap<>();
        Map<String, String> marks = new HashMap<>();
        JsonNode runs = report.get("runs");
        for (JsonNode r : report.get("comparison")) {
            for (int i = 1; i < r.get("throughput").size(); i++) {
                String row = r.get("step").asText() + " in " + runs.get(i).get("label").asText();
                expected.put(row, figures(r.at("/ratioToFirst/" + i), r.at("/intervals/" + i)));
                marks.put(row, r.at("/marks/" + i).isNull() ? "NONE" : r.at("/marks/" + i).asText());
            }
        }
        assertThat(expected.values()).as("a run lacking a step has no point").anyMatch(e -> Double.isNaN(e[0]));
        return ChartOptionsCheck.forest(drawn, expected, marks);
    }

    /** A row per step and version but the reference: its ratio to the reference and interval, grey; none unmeasured. */
    static int versions(JsonNode report, JsonNode drawn) {
        JsonNode v = report.get("versions");
        Map<String, double[]> expected = new LinkedHashMap<>();
        Map<String, String> marks = new HashMap<>();
        for (JsonNode r : v.get("rows")) {
            for (int k = 0; k < v.get("versions").size(); k++) {
                if (v.at("/versions/" + k).asInt() == v.get("reference").asInt()) {
                    continue;
                }
                JsonNode c = r.at("/cells/" + k);
                String row = r.get("step").asText() + " on " + v.at("/versions/" + k).asText();
                expected.put(row, figures(c.get("throughput").isNull() ? null : c.get("ratioToReference"), c.get("interval")));
                marks.put(row, "NONE");
            }
        }
        return ChartOptionsCheck.forest(drawn, expected, marks);
    }

    /** A row's estimate, lower, upper and published value (NaN: none), the interval's ends only where it has one. */
    private static double[] figures(JsonNode estimate, JsonNode interval) {
        boolean present = interval != null && !interval.isNull()
                && (!interval.get("lower").isNull() || !interval.get("upper").isNull());
        return new double[] {d(estimate), present ? d(interval.get("lower")) : Double.NaN,
                present ? d(interval.get("upper")) : Double.NaN, Double.NaN};
    }

    /**
     * The tornado: a row per unit, ranked by its leave-one-out interval's end nearest no-change, then its add-one-in
     * interval's, "= " where its leave-one-out interval overlaps the row above's; each direction's bar its interval and
     * estimate in log10 (leave-one-out turned round, to the left), and the line at no change.
     */
    static int tornado(JsonNode ablation, JsonNode drawn) {
        Map<String, double[][]> ends = new LinkedHashMap<>();   // unit → {loo, aoi} as drawn: {from, to, estimate}
        for (JsonNode u : ablation.get("intervals")) {
            ends.put(u.get("unit").asText(), new double[][] {logs(u.get("leaveOneOut"), -1), logs(u.get("addOneIn"), 1)});
        }
        List<String> ranked = new ArrayList<>(ends.keySet());
        ranked.sort(java.util.Comparator.comparingDouble((String u) -> -nearest(ends.get(u)[0]))
                .thenComparingDouble(u -> -nearest(ends.get(u)[1])));
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < ranked.size(); i++) {
            double[] above = i == 0 ? null : ends.get(ranked.get(i - 1))[0];
            double[] here = ends.get(ranked.get(i))[0];
            boolean tied = above != null && here != null && above[0] <= here[1] && here[0] <= above[1];
            labels.add((tied ? TornadoChart.TIED : "") + ranked.get(i));
        }
        assertThat(drawn.get("y")).extracting(JsonNode::asText).as("units, ranked").containsExactlyElementsOf(labels);
        int n = 0;
        for (int side = 0; side < 2; side++) {
            JsonNode series = drawn.at("/series/" + side);
            assertThat(series.get("name").asText()).startsWith(side == 0 ? "leave-one-out" : "add-one-in");
            List<List<Double>> want = new ArrayList<>();
            for (int i = 0; i < ranked.size(); i++) {
                double[] e = ends.get(ranked.get(i))[side];
                if (e != null) {
                    want.add(List.of(e[0], e[1], e[2], (double) i));
                }
            }
            assertThat(series.get("data")).as(series.get("name").asText()).hasSize(want.size());
            for (int k = 0; k < want.size(); k++) {
                for (int j = 0; j < 4; j++) {
                    assertThat(series.at("/data/" + k + "/" + j).asDouble()).as(series.get("name") + " " + k + " " + j)
                            .isCloseTo(want.get(k).get(j), within(1e-12));
                }
                n += 3;
            }
        }
        assertThat(drawn.at("/series/2/events")).extracting(JsonNode::asDouble).as("the line at no change").containsExactly(0.0);
        return n;
    }

    /** A direction's interval as drawn, log10 and turned by {@code sign}: {from, to, estimate}; null without one. */
    private static double[] logs(JsonNode i, int sign) {
        if (i == null || i.isNull() || i.get("lower").isNull() || i.get("upper").isNull() || i.get("ratio").isNull()) {
            return null;
        }
        double a = sign * Math.log10(i.get("lower").asDouble());
        double b = sign * Math.log10(i.get("upper").asDouble());
        return new double[] {Math.min(a, b), Math.max(a, b), sign * Math.log10(i.get("ratio").asDouble())};
    }

    /** The interval's end nearest no-change as a size: 0 where it holds it, −1 without one (ranked last). */
    private static double nearest(double[] e) {
        return e == null ? -1 : e[0] <= 0 && 0 <= e[1] ? 0 : Math.min(Math.abs(e[0]), Math.abs(e[1]));
    }
}
