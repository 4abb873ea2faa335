package org.pgknobs.report.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.json.Json;
import org.pgknobs.report.RunData;
import org.pgknobs.report.StepRun;
import org.pgknobs.results.AblationRecord;
import org.pgknobs.results.RunTags;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.testing.Chromium;

/**
 * The charts of a report over several result directories, and the ablation's tornado, as headless Chromium draws them:
 * {@code pgknobs report DIR1 DIR2} of two ablations, one on PostgreSQL 17 and one on 18 (fixed figures, no server: two
 * repeats of every run, so every direction has its interval; the run on 17 lacks one step). Its page holds the runs
 * side by side, the versions side by side, and each run's tornado; what each chart's ECharts instance holds (rows,
 * points, whiskers, bars, colours) and where the tornado's bars were drawn are report.json's figures, read from
 * report.json, not from the chart's own data. One page, one Chromium launch.
 */
class SideBySideChartsBrowserTest {

    /** Two units over the ablation's six runs, two repeats each; cache is the unit that matters. */
    private static final Map<String, double[]> ON_18 = runs(new double[] {300, 320}, new double[] {100, 110},
            new double[] {280, 290}, new double[] {105, 112}, new double[] {115, 118}, new double[] {298, 310});
    /** The same on 17, a little slower, and its only-index run missing (it measured nothing). */
    private static final Map<String, double[]> ON_17 = runs(new double[] {270, 282}, new double[] {92, 99},
            new double[] {250, 262}, new double[] {96, 101}, new double[] {104, 109}, null);

    @Test
    void runsVersionsAndTornadoesDrawReportJsonsFigures(@TempDir Path tmp) throws Exception {
        Chromium.require();
        Path out = tmp.resolve("report");
        Reports.render(List.of(ablation(tmp, "ablation-on-18", 18, ON_18), ablation(tmp, "ablation-on-17", 17, ON_17)),
                Optional.empty(), Optional.empty()).files().forEach((file, text) -> write(out.resolve(file), text));
        JsonNode report = Json.readTree(out.resolve(Reports.JSON));
        Map<String, JsonNode> charts = ReportChartsBrowserTest.charts(out.resolve(Reports.HTML));
        List<String> tornadoes = charts.keySet().stream().filter(id -> id.startsWith("tornado-")).toList();
        assertThat(charts).containsKeys("runs", "versions");
        assertThat(tornadoes).as("a tornado per run, each its own element").hasSize(2);

        JsonNode drawn = ReportChartsBrowserTest.probe(out.resolve(Reports.HTML), tmp.resolve("probe"));
        assertThat(drawn.get("options")).as("every chart drawn").hasSize(charts.size());
        int figures = SideBySideOptionsCheck.runs(report, drawn.at("/options/runs"))
                + SideBySideOptionsCheck.versions(report, drawn.at("/options/versions"));
        for (JsonNode run : report.get("runs")) {
            String id = "tornado-" + run.get("label").asText().replaceAll("[^A-Za-z0-9]", "");
            assertThat(tornadoes).contains(id);
            figures += SideBySideOptionsCheck.tornado(run.get("ablation"), drawn.at("/options/" + id));
            figures += tornadoDrawn(run.get("ablation"), drawn.at("/tornadoes/" + id));
        }
        assertThat(figures).as("figures compared with report.json").isGreaterThan(40);
    }

    /**
     * The tornado's bars where its numbers say: each direction's bar runs from its interval's lower end to its upper
     * (log10, leave-one-out turned round), its tick at the estimate, on the unit's row; one bar per interval, no other.
     */
    private static int tornadoDrawn(JsonNode ablation, JsonNode t) {
        double zero = t.get("zero").asDouble();
        double perDecade = t.get("one").asDouble() - zero;
        assertThat(perDecade).as("right: the base with the unit alone runs slower").isPositive();
        int n = 0;
        for (JsonNode u : ablation.get("intervals")) {
            double y = t.at("/rows/" + u.get("unit").asText()).asDouble();
            for (String direction : List.of("leaveOneOut", "addOneIn")) {
                JsonNode i = u.get(direction);
                if (i == null || i.isNull() || i.get("lower").isNull() || i.get("upper").isNull()) {
                    continue;
                }
                double sign = direction.equals("leaveOneOut") ? -1 : 1;
                double a = zero + perDecade * sign * Math.log10(i.get("lower").asDouble());
                double b = zero + perDecade * sign * Math.log10(i.get("upper").asDouble());
                double tick = zero + perDecade * sign * Math.log10(i.get("ratio").asDouble());
                assertThat(has(t.get("bars"), Math.min(a, b), Math.max(a, b), y)).as(u.get("unit") + " " + direction
                        + " bar in " + t.get("bars")).isTrue();
                assertThat(has(t.get("ticks"), tick, tick, y)).as(u.get("unit") + " " + direction + " tick").isTrue();
                n += 3;
            }
        }
        assertThat(t.get("bars")).as("a bar per interval").hasSize(n / 3);
        return n;
    }

    private static boolean has(JsonNode drawn, double from, double to, double y) {
        for (JsonNode d : drawn) {
            if (Math.abs(d.get(0).asDouble() - from) < 0.01 && Math.abs(d.get(1).asDouble() - to) < 0.01
                    && Math.abs(d.get(2).asDouble() - y) < 0.01) {
                return true;
            }
        }
        return false;
    }

    private static Map<String, double[]> runs(double[] base, double[] full, double[] withoutCache, double[] withoutIndex,
                                              double[] onlyCache, double[] onlyIndex) {
        Map<String, double[]> runs = new LinkedHashMap<>();
        runs.put("full", full);
        runs.put("base", base);
        runs.put("without-cache", withoutCache);
        runs.put("without-index", withoutIndex);
        runs.put("only-cache", onlyCache);
        if (onlyIndex != null) {
            runs.put("only-index", onlyIndex);
        }
        return runs;
    }

    /** An ablation's result directory as the reader gives it: its suite (with its PostgreSQL major), ablation.json, runs. */
    private static RunData ablation(Path tmp, String name, int major, Map<String, double[]> throughputs) {
        List<StepRun> steps = new ArrayList<>();
        int index = 1;
        for (Map.Entry<String, double[]> e : throughputs.entrySet()) {
            for (int r = 0; r < e.getValue().length; r++) {
                steps.add(EffectIntervalReportTest.stepRun(index, e.getKey(), r + 1, e.getValue()[r]));
            }
            index++;
        }
        SuiteRecord suite = new SuiteRecord(new SuiteRecord.Origin(name, null, null, List.of("mode=ablation")),
                new SuiteRecord.Progress("done", Instant.EPOCH, Instant.EPOCH), null, List.of(), new RunTags(major, null, null));
        AblationRecord record = new AblationRecord(AblationRecord.SCHEMA_VERSION, 0.5, "ddmin", "off", List.of(
                new AblationRecord.Unit("cache", Map.of("shared_buffers", "16MB"), null),
                new AblationRecord.Unit("index", Map.of("random_page_cost", 40), null)), null);
        return new RunData(tmp.resolve(name).resolve("20261204-120000").toString(), Optional.of(suite), Optional.empty(),
                steps, Optional.of(record));
    }

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
