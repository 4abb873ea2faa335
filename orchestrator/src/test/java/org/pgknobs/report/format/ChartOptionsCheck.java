package org.pgknobs.report.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One drawn chart of report.html, as its ECharts instance holds it (the probe's {@code options}: axis categories, each
 * series' data, event lines, point colours), against report.json's figures for the same run: every figure the chart
 * draws is report.json's, and every figure of report.json the chart stands for is drawn. Nothing is read from the
 * chart's own data element, so a drawing that dropped, moved or recomputed a figure fails here.
 */
final class ChartOptionsCheck {

    private static final Map<String, String> COLOURS = Map.of("UP", "#2e8b57", "DOWN", "#c0392b");

    private final JsonNode run;
    private final Map<String, JsonNode> steps = new LinkedHashMap<>();

    ChartOptionsCheck(JsonNode run) {
        this.run = run;
        run.get("steps").forEach(s -> steps.put(s.get("name").asText(), s));
    }

    /** Compares one chart; returns the number of figures compared. */
    int check(String id, JsonNode drawn) {
        String kind = id.substring(0, id.indexOf('-'));
        return switch (kind) {
            case "forest" -> forest(drawn);
            case "throughput" -> throughput(drawn);
            case "io" -> io(drawn);
            case "persecond" -> lines(drawn, name -> xy(steps.get(name).get("perSecond"), "x", "y"));
            case "ckpt" -> checkpoints(step(id), drawn);
            case "rate", "max" -> phase(drawn, kind.equals("rate") ? "ops" : "maxMs");
            case "waits" -> waits(step(id), drawn);
            default -> throw new AssertionError("a chart this test does not know: " + id);
        };
    }

    /** The forest plot: each step's point (its colour its mark), whiskers and published diamond, by row name. */
    private int forest(JsonNode drawn) {
        String title = drawn.get("title").asText();
        Map<String, double[]> expected = new HashMap<>();   // step → estimate, lower, upper, published (NaN: none)
        Map<String, String> marks = new HashMap<>();
        JsonNode table = null;
        for (JsonNode t : run.get("sweep")) {
            table = title.startsWith(t.get("phase").asText() + ":") ? t : table;
        }
        for (JsonNode s : table == null ? run.get("steps") : table.get("rows")) {
            String step = s.get(table == null ? "name" : "step").asText();
            if (step.equals(run.get("baseline").asText())) {
                continue;
            }
            JsonNode interval = s.get(table == null ? "slowdownInterval" : "interval");
            boolean present = interval != null && !interval.isNull()
                    && (!interval.get("lower").isNull() || !interval.get("upper").isNull());
            expected.put(step, new double[] {d(s.get(table == null ? "slowdown" : "relative")),
                    present ? d(interval.get("lower")) : Double.NaN, present ? d(interval.get("upper")) : Double.NaN,
                    d(s.get(table == null ? "publishedSlowdown" : "publishedRelative"))});
            marks.put(step, s.get("mark").asText());
        }
        return forest(drawn, expected, marks);
    }

    /**
     * A forest plot's rows, points (coloured by their marks), whiskers and published diamonds against {@code expected}:
     * by row name, its estimate, lower, upper and published value (NaN: none drawn).
     */
    static int forest(JsonNode drawn, Map<String, double[]> expected, Map<String, String> marks) {
        String title = drawn.get("title").asText();
        List<String> rows = new ArrayList<>();
        drawn.get("y").forEach(n -> rows.add(n.asText()));
        assertThat(rows).as(title + ": a row per step but the compared one").containsExactlyInAnyOrderElementsOf(
                expected.keySet());
        Map<String, double[]> got = new HashMap<>();
        rows.forEach(r -> got.put(r, new double[] {Double.NaN, Double.NaN, Double.NaN, Double.NaN}));
        for (JsonNode series : drawn.get("series")) {
            for (JsonNode p : series.get("data")) {
                switch (series.get("name").asText()) {
                    case "estimate" -> {
                        String step = rows.get(p.at("/value/1").asInt());
                        got.get(step)[0] = p.at("/value/0").asDouble();
                        assertThat(p.get("color").asText()).as(title + " " + step + ": coloured by its mark")
                                .isEqualTo(COLOURS.getOrDefault(marks.get(step), "#555"));
                    }
                    case "interval" -> {
                        double[] r = got.get(rows.get(p.get(2).asInt()));
                        r[1] = d(p.get(0));
                        r[2] = d(p.get(1));
                    }
                    case "published" -> got.get(rows.get(p.get(1).asInt()))[3] = p.get(0).asDouble();
                    default -> throw new AssertionError("a forest series this test does not know: " + series);
                }
            }
        }
        expected.forEach((step, e) -> assertThat(got.get(step)).as(title + " " + step
                + ": estimate, lower, upper, published").containsExactly(e));
        return 4 * expected.size();
    }

    /** Throughput per step: the median line, the repeats' min and max (two repeats or more), the published value. */
    private int throughput(JsonNode drawn) {
        List<String> names = new ArrayList<>(steps.keySet());
        assertThat(drawn.get("x")).extracting(JsonNode::asText).containsExactlyElementsOf(names);
        int n = 0;
        for (JsonNode series : drawn.get("series")) {
            String name = series.get("name").asText();
            for (int i = 0; i < names.size(); i++) {
                JsonNode s = steps.get(names.get(i));
                JsonNode t = s.get("throughput");
                boolean spread = t != null && !t.isNull() && t.get("n").asInt() >= 2;
                JsonNode want = switch (name) {
                    case "median/s" -> t == null || t.isNull() ? null : t.get("median");
                    case "min of repeats" -> spread ? t.get("min") : null;
                    case "max of repeats" -> spread ? t.get("max") : null;
                    case "published/s" -> s.get("published");
                    default -> throw new AssertionError("a throughput series this test does not know: " + name);
                };
                assertThat(Double.valueOf(d(series.get("data").get(i)))).as(name + " of " + names.get(i))
                        .isEqualTo(Double.valueOf(d(want)));
                n++;
            }
        }
        return n;
    }

    /** I/O by backend type: each bar's segment is reads + writes + extends per second of that type in that step. */
    private int io(JsonNode drawn) {
        int n = 0;
        for (JsonNode series : drawn.get("series")) {
            for (int i = 0; i < drawn.get("x").size(); i++) {
                JsonNode t = steps.get(drawn.get("x").get(i).asText()).get("io").get(series.get("name").asText());
                JsonNode v = series.get("data").get(i);
                if (t == null) {
                    assertThat(v.isNull()).as("a backend type the step did not report").isTrue();
                    continue;
                }
                assertThat(v.asDouble()).isCloseTo(t.get("readsPerSecond").asDouble() + t.get("writesPerSecond")
                        .asDouble() + t.get("extendsPerSecond").asDouble(), within(1e-9));
                n++;
            }
        }
        assertThat(drawn.get("x")).extracting(JsonNode::asText).containsExactlyElementsOf(steps.values().stream()
                .filter(s -> s.get("io").size() > 0).map(s -> s.get("name").asText()).toList());
        return n;
    }

    /** Time series a line per step: each line's points are report.json's, in order, and every step with a series has one. */
    private int lines(JsonNode drawn, java.util.function.Function<String, List<List<Double>>> of) {
        int n = 0;
        List<String> drawnNames = new ArrayList<>();
        for (JsonNode series : drawn.get("series")) {
            drawnNames.add(series.get("name").asText());
            List<List<Double>> want = of.apply(series.get("name").asText());
            assertThat(points(series.get("data"))).as(drawn.get("title").asText() + " " + series.get("name"))
                    .isEqualTo(want);
            n += want.size();
        }
        assertThat(drawnNames).containsExactlyInAnyOrderElementsOf(steps.keySet().stream()
                .filter(s -> !of.apply(s).isEmpty()).toList());
        return n;
    }

    /** A step's throughput with its checkpoints as event lines at the seconds report.json gives. */
    private int checkpoints(JsonNode step, JsonNode drawn) {
        int n = 0;
        assertThat(drawn.get("series")).extracting(s -> s.get("name").asText()).as("an event series iff checkpoints")
                .hasSize(step.get("checkpoints").isEmpty() ? 1 : 2);
        for (JsonNode series : drawn.get("series")) {
            if (series.get("name").asText().equals("checkpoint")) {
                List<Double> at = new ArrayList<>();
                series.get("events").forEach(e -> at.add(e.asDouble()));
                List<Double> want = new ArrayList<>();
                step.get("checkpoints").forEach(c -> want.add(c.asDouble()));
                assertThat(at).isEqualTo(want);
                n += want.size();
            } else {
                assertThat(series.get("name").asText()).isEqualTo("throughput");
                assertThat(points(series.get("data"))).isEqualTo(xy(step.get("perSecond"), "x", "y"));
                n += series.get("data").size();
            }
        }
        return n;
    }

    /** An insert-benchmark phase's per-second rate or max response time, a line per step. */
    private int phase(JsonNode drawn, String field) {
        String phase = drawn.get("title").asText().substring(0, drawn.get("title").asText().indexOf(':'));
        return lines(drawn, name -> {
            JsonNode samples = steps.get(name).at("/phaseSamples/" + phase.replace("~", "~0").replace("/", "~1"));
            return samples.isMissingNode() ? List.of() : xy(samples, "second", field);
        });
    }

    /** A step's waits over time: per wait, its active backends at every round (0 where the round saw none in it). */
    private int waits(JsonNode step, JsonNode drawn) {
        int n = 0;
        List<String> events = new ArrayList<>();
        step.get("waitsOverTime").forEach(r -> r.get("backends").fieldNames().forEachRemaining(e -> {
            if (!events.contains(e)) {
                events.add(e);
            }
        }));
        assertThat(drawn.get("series")).extracting(s -> s.get("name").asText()).containsExactlyInAnyOrderElementsOf(events);
        for (JsonNode series : drawn.get("series")) {
            List<List<Double>> want = new ArrayList<>();
            step.get("waitsOverTime").forEach(r -> want.add(List.of(r.get("second").asDouble(),
                    r.get("backends").path(series.get("name").asText()).asDouble(0))));
            assertThat(points(series.get("data"))).as(series.get("name").asText()).isEqualTo(want);
            n += want.size();
        }
        return n;
    }

    /** The step whose index ends the chart's id ("ckpt-RUN-3"). */
    private JsonNode step(String id) {
        int index = Integer.parseInt(id.substring(id.lastIndexOf('-') + 1));
        return steps.values().stream().filter(s -> s.get("index").asInt() == index).findFirst().orElseThrow();
    }

    private static List<List<Double>> xy(JsonNode list, String x, String y) {
        List<List<Double>> out = new ArrayList<>();
        if (list != null) {
            list.forEach(p -> out.add(List.of(p.get(x).asDouble(), p.get(y).asDouble())));
        }
        return out;
    }

    private static List<List<Double>> points(JsonNode data) {
        List<List<Double>> out = new ArrayList<>();
        data.forEach(p -> out.add(List.of(p.get(0).asDouble(), p.get(1).asDouble())));
        return out;
    }

    static double d(JsonNode n) {
        return n == null || n.isNull() || n.isMissingNode() ? Double.NaN : n.asDouble();
    }
}
