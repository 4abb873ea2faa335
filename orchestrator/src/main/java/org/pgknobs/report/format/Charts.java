package org.pgknobs.report.format;

import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.pgknobs.report.ReportData;
import org.pgknobs.report.Stat;
import org.pgknobs.report.StepRun;

/** The report's charts, drawn with XChart and encoded as PNG for embedding. */
final class Charts {

    static final int WIDTH = 1000;
    static final int HEIGHT = 380;
    static final int SMALL_HEIGHT = 240;

    /** One chart: a title for the page and its PNG. */
    record Image(String title, byte[] png) {
    }

    private Charts() {
    }

    /**
     * TPS per step on a log scale with the published values as markers (the article's headline picture);
     * with repeats, the min and max of each step as small markers around the median.
     */
    static Optional<Image> throughputPerStep(ReportData.Run run) {
        List<ReportData.Step> steps = run.steps();
        List<String> names = steps.stream().map(ReportData.Step::name).toList();
        List<Stat> throughputs = steps.stream().map(s -> s.effect().throughput()).toList();
        List<Double> medians = throughputs.stream().map(t -> positive(t == null ? null : t.median())).toList();
        if (medians.stream().allMatch(v -> v == null)) {
            return Optional.empty();
        }
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                .title("Throughput per step (" + run.setup().headlinePhase() + ", log scale)").xAxisTitle("step")
                .yAxisTitle("requests/s").build();
        style(chart);
        chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setOverlapped(true);   // markers of every series on the step's own position
        List<Double> published = steps.stream().map(s -> positive(s.effect().published())).toList();
        List<Double> all = new ArrayList<>(medians);
        all.addAll(published);
        double lo = all.stream().filter(v -> v != null).mapToDouble(Double::doubleValue).min().getAsDouble();
        double hi = all.stream().filter(v -> v != null).mapToDouble(Double::doubleValue).max().getAsDouble();
        // whole decades, so the log axis always has labelled ticks
        chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(lo))));
        chart.getStyler().setYAxisMax(Math.pow(10, Math.ceil(Math.log10(hi) + 1e-9)));
        chart.getStyler().setYAxisDecimalPattern("#,##0.###");
        chart.addSeries("measured (median)", names, medians).setMarker(SeriesMarkers.CIRCLE);
        if (throughputs.stream().anyMatch(t -> t != null && t.n() > 1)) {
            for (String bound : List.of("min", "max")) {
                CategorySeries series = chart.addSeries("repeats " + bound, names, throughputs.stream().map(t -> t == null
                        ? null : positive(bound.equals("min") ? t.min() : t.max())).toList());
                series.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Scatter);
                series.setMarker(SeriesMarkers.TRIANGLE_UP);
                series.setMarkerColor(Color.GRAY);
            }
        }
        if (published.stream().anyMatch(v -> v != null)) {
            CategorySeries pub = chart.addSeries("published", names, published);
            pub.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Scatter);
            pub.setMarker(SeriesMarkers.DIAMOND);
        }
        return Optional.of(image(chart));
    }

    private static Double positive(Double v) {
        return v != null && v > 0 ? v : null;
    }

    /** Per-second headline throughput of every step, one line each. */
    static Optional<Image> perSecond(ReportData.Run run) {
        XYChart chart = xy("Per-second throughput (" + run.setup().headlinePhase() + ")", "second of the measured window",
                "requests/s", HEIGHT);
        boolean any = false;
        for (ReportData.Step s : run.steps()) {
            if (!s.series().perSecond().isEmpty()) {
                XYSeries series = chart.addSeries(s.name(), s.series().perSecond().stream().map(StepRun.Point::x).toList(),
                        s.series().perSecond().stream().map(StepRun.Point::y).toList());
                series.setMarker(SeriesMarkers.NONE);
                any = true;
            }
        }
        return any ? Optional.of(image(chart)) : Optional.empty();
    }

    /** pg_stat_io reads + writes + extends per second, stacked by backend type, one bar per step. */
    static Optional<Image> ioByBackendType(ReportData.Run run) {
        List<ReportData.Step> steps = run.steps().stream().filter(s -> !s.server().io().isEmpty()).toList();
        if (steps.isEmpty()) {
            return Optional.empty();
        }
        Set<String> types = new LinkedHashSet<>();
        steps.forEach(s -> types.addAll(s.server().io().keySet()));
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                .title("I/O by backend type (pg_stat_io reads + writes + extends per second)")
                .xAxisTitle("step").yAxisTitle("operations/s").build();
        style(chart);
        chart.getStyler().setStacked(true);
        List<String> names = steps.stream().map(ReportData.Step::name).toList();
        for (String type : types) {
            chart.addSeries(type, names, steps.stream().map(s -> s.server().io().containsKey(type)
                    ? s.server().io().get(type).operationsPerSecond() : 0.0).toList());
        }
        return Optional.of(image(chart));
    }

    /** Per step: the throughput line with a mark where each checkpoint was counted. */
    static List<Image> checkpointTimelines(ReportData.Run run) {
        List<Image> out = new ArrayList<>();
        for (ReportData.Step s : run.steps()) {
            if (s.series().perSecond().isEmpty()) {
                continue;
            }
            XYChart chart = xy(s.name() + ": throughput and checkpoints (" + s.series().checkpoints().size() + ")",
                    "second of the measured window", "requests/s", SMALL_HEIGHT);
            XYSeries line = chart.addSeries("throughput", s.series().perSecond().stream().map(StepRun.Point::x).toList(),
                    s.series().perSecond().stream().map(StepRun.Point::y).toList());
            line.setMarker(SeriesMarkers.NONE);
            if (!s.series().checkpoints().isEmpty()) {
                XYSeries marks = chart.addSeries("checkpoint", s.series().checkpoints(),
                        s.series().checkpoints().stream().map(t -> at(s.series().perSecond(), t)).toList());
                marks.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
                marks.setMarker(SeriesMarkers.TRIANGLE_DOWN);
                marks.setMarkerColor(Color.RED);
            }
            out.add(image(chart));
        }
        return out;
    }

    /** Insert benchmark, per phase: per-second rate and per-second max response time, a line per variant. */
    static List<Image> phaseSeries(ReportData.Run run) {
        Map<String, XYChart> rate = new LinkedHashMap<>();
        Map<String, XYChart> max = new LinkedHashMap<>();
        for (ReportData.PhaseTable t : run.sweep()) {
            for (ReportData.Step s : run.steps()) {
                List<StepRun.PhaseSample> samples = s.series().phaseSamples().get(t.phase());
                if (samples == null || samples.isEmpty()) {
                    continue;
                }
                List<Long> x = samples.stream().map(StepRun.PhaseSample::second).toList();
                rate.computeIfAbsent(t.phase(), p -> xy(p + ": operations per second", "second", "ops/s", SMALL_HEIGHT))
                        .addSeries(s.name(), x, samples.stream().map(StepRun.PhaseSample::ops).toList())
                        .setMarker(SeriesMarkers.NONE);
                max.computeIfAbsent(t.phase(), p -> xy(p + ": max response time per second", "second", "ms", SMALL_HEIGHT))
                        .addSeries(s.name(), x, samples.stream().map(StepRun.PhaseSample::maxMs).toList())
                        .setMarker(SeriesMarkers.NONE);
            }
        }
        List<Image> out = new ArrayList<>();
        rate.forEach((phase, chart) -> {
            out.add(image(chart));
            out.add(image(max.get(phase)));
        });
        return out;
    }

    private static double at(List<StepRun.Point> series, double x) {
        StepRun.Point best = series.get(0);
        for (StepRun.Point p : series) {
            if (Math.abs(p.x() - x) < Math.abs(best.x() - x)) {
                best = p;
            }
        }
        return best.y() > 0 ? best.y() : 1;
    }

    private static XYChart xy(String title, String xTitle, String yTitle, int height) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(height).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        style(chart);
        return chart;
    }

    static void style(Chart<?, ?> chart) {
        Styler s = chart.getStyler();
        s.setChartBackgroundColor(Color.WHITE);
        s.setLegendPosition(Styler.LegendPosition.OutsideE);
        s.setAntiAlias(true);
        if (s instanceof org.knowm.xchart.style.AxesChartStyler axes) {
            axes.setXAxisTickMarkSpacingHint(90);
        }
    }

    static Image image(Chart<?, ?> chart) {
        try {
            return new Image(chart.getTitle(), BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot draw chart " + chart.getTitle() + ": " + e.getMessage(), e);
        }
    }
}
