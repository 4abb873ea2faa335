package org.pgknobs.report.format;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.pgknobs.report.EffectInterval;
import org.pgknobs.report.ReportData;

/**
 * An ablation's tornado chart: one row per unit, each direction drawn as its 95 % interval from the repeats (Welch's t
 * on logs), the bar spanning the interval and a tick at its estimate (the ratio of geometric means). To the left, how
 * many times faster the full set runs without the unit; to the right, how many times slower the base runs with the
 * unit alone; both on a log scale (the axis is log10 of the factor: 1 = ×10). The rows are ranked by the
 * leave-one-out interval's end nearest no-change (0 where it holds 1), then by the add-one-in interval's; a unit whose
 * leave-one-out interval overlaps the one above it cannot be told apart from it, and its name is marked "=". A unit
 * without an interval has no bar: no direction without one (docs/statistics.md, "Marks").
 */
final class TornadoChart {

    private static final Color LOO = new Color(0x33, 0x66, 0xcc);
    private static final Color AOI = new Color(0xdd, 0x77, 0x22);
    /** Marks a unit whose rank is not told apart from the unit above it. */
    static final String TIED = "= ";

    private TornadoChart() {
    }

    /**
     * One unit's row: each direction's interval in log10 units pointing as drawn (leave-one-out negative, to the
     * left), null without one; {@code tied} when its leave-one-out interval overlaps the row above.
     */
    record Row(String unit, double[] loo, double[] aoi, boolean tied) {

        String label() {
            return (tied ? TIED : "") + unit;
        }
    }

    static Optional<Charts.Image> of(ReportData.Ablation ablation) {
        List<Row> rows = ranked(ablation);
        if (rows.stream().allMatch(r -> r.loo() == null && r.aoi() == null)) {
            return Optional.empty();
        }
        int n = rows.size();
        XYChart chart = new XYChartBuilder().width(Charts.WIDTH).height(140 + 46 * n)
                .title("Ablation: each unit's 95 % interval (log scale), ranked by it; = not told apart from the unit above")
                .xAxisTitle("log10 of the factor (1 = x10, 2 = x100):   <- the full set without the unit runs faster"
                        + "  |  the base with the unit alone runs slower ->")
                .yAxisTitle("units, ranked").build();
        Charts.style(chart);
        // below the plot: inside it, the legend hid the top row's bars
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideS);
        double reach = rows.stream().flatMap(r -> java.util.stream.Stream.of(r.loo(), r.aoi()))
                .filter(java.util.Objects::nonNull).mapToDouble(e -> Math.max(Math.abs(e[0]), Math.abs(e[1])))
                .max().orElse(1);
        double edge = Math.max(1, Math.ceil(reach + 0.05));
        chart.getStyler().setXAxisMin(-edge);
        chart.getStyler().setXAxisMax(edge);
        chart.getStyler().setXAxisDecimalPattern("0.#");
        // unit names as text over each row: XChart's y-label function loops forever on some ranges (3.8.8)
        chart.getStyler().setYAxisTicksVisible(false);
        chart.getStyler().setYAxisMin(-0.6);
        chart.getStyler().setYAxisMax(n - 0.4);
        boolean[] legend = {true, true};
        for (int i = 0; i < n; i++) {
            Row r = rows.get(i);
            double y = n - 1 - i;
            bar(chart, "leave-one-out", r.unit(), y, r.loo(), estimate(ablation, r.unit(), true), LOO, legend, 0);
            bar(chart, "add-one-in", r.unit(), y, r.aoi(), estimate(ablation, r.unit(), false), AOI, legend, 1);
        }
        for (int i = 0; i < n; i++) {
            Row r = rows.get(i);
            chart.addAnnotation(new AnnotationText(r.label() + (r.loo() == null && r.aoi() == null ? " (no interval)" : ""),
                    edge * 0.55, n - 1 - i + 0.3, false));
        }
        chart.addAnnotation(new AnnotationLine(0, true, false));
        return Optional.of(Charts.image(chart));
    }

    /** The rows, ranked by their intervals, ties marked. */
    static List<Row> ranked(ReportData.Ablation ablation) {
        List<Row> rows = new ArrayList<>();
        for (org.pgknobs.ablation.Effects.UnitEffect u : ablation.units()) {
            EffectInterval loo = interval(ablation, u.unit(), true);
            EffectInterval aoi = interval(ablation, u.unit(), false);
            // leave-one-out points left: its ends are −log10 of the (without ÷ full) interval's, swapped
            rows.add(new Row(u.unit(), loo == null ? null : new double[] {-Math.log10(loo.upper()), -Math.log10(loo.lower())},
                    aoi == null ? null : new double[] {Math.log10(aoi.lower()), Math.log10(aoi.upper())}, false));
        }
        rows.sort(Comparator.comparingDouble((Row r) -> -nearest(r.loo())).thenComparingDouble(r -> -nearest(r.aoi())));
        List<Row> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            boolean tied = i > 0 && overlap(rows.get(i - 1).loo(), r.loo());
            out.add(new Row(r.unit(), r.loo(), r.aoi(), tied));
        }
        return out;
    }

    /** The interval's end nearest no-change, as a size: 0 where it holds it, −1 without an interval (ranked last). */
    private static double nearest(double[] ends) {
        if (ends == null) {
            return -1;
        }
        return ends[0] <= 0 && 0 <= ends[1] ? 0 : Math.min(Math.abs(ends[0]), Math.abs(ends[1]));
    }

    private static boolean overlap(double[] a, double[] b) {
        return a != null && b != null && a[0] <= b[1] && b[0] <= a[1];
    }

    /** The unit's interval in one direction, when the repeats give a two-sided one. */
    private static EffectInterval interval(ReportData.Ablation a, String unit, boolean leaveOneOut) {
        EffectInterval i = a.interval(unit, leaveOneOut);
        return i != null && i.present() && i.lower() != null && i.upper() != null && i.ratio() != null ? i : null;
    }

    /** The estimate the interval is built around, in log10 units pointing as the bar does. */
    private static Double estimate(ReportData.Ablation a, String unit, boolean leaveOneOut) {
        EffectInterval i = interval(a, unit, leaveOneOut);
        return i == null ? null : leaveOneOut ? -Math.log10(i.ratio()) : Math.log10(i.ratio());
    }

    /** The interval as a thick bar, and a thin black tick at the estimate. */
    private static void bar(XYChart chart, String name, String unit, double y, double[] ends, Double estimate,
                            Color color, boolean[] legend, int which) {
        if (ends == null) {
            return;
        }
        XYSeries bar = chart.addSeries(legend[which] ? name + " (95 % interval)" : name + " " + unit, ends,
                new double[] {y, y});
        bar.setLineColor(color);
        bar.setLineStyle(new BasicStroke(18f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER));
        bar.setMarker(SeriesMarkers.NONE);
        bar.setShowInLegend(legend[which]);
        legend[which] = false;
        if (estimate != null) {
            XYSeries tick = chart.addSeries("estimate " + name + " " + unit, new double[] {estimate, estimate},
                    new double[] {y - 0.25, y + 0.25});
            tick.setLineColor(Color.BLACK);
            tick.setLineStyle(new BasicStroke(2f));
            tick.setMarker(SeriesMarkers.NONE);
            tick.setShowInLegend(false);
        }
    }
}
