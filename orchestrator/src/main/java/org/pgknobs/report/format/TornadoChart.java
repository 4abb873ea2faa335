package org.pgknobs.report.format;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.List;
import java.util.Optional;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.pgknobs.ablation.Effects;
import org.pgknobs.report.EffectInterval;
import org.pgknobs.report.ReportData;

/**
 * An ablation's tornado chart: one row per unit, ranked by leave-one-out effect (largest on top). To the
 * left, how many times faster the full set runs without the unit; to the right, how many times slower the
 * base runs with the unit alone; both on a log scale (the axis is log10 of the factor: 1 = ×10).
 * Whiskers: the 95 % interval of each factor from the repeats (Welch's t on logs), else the noise band from
 * repeats (none without repeats). A unit whose run was not measured has no bar.
 */
final class TornadoChart {

    private static final Color LOO = new Color(0x33, 0x66, 0xcc);
    private static final Color AOI = new Color(0xdd, 0x77, 0x22);
    private static final double LN10 = Math.log(10);

    private TornadoChart() {
    }

    static Optional<Charts.Image> of(ReportData.Ablation ablation) {
        List<Effects.UnitEffect> units = ablation.units();
        if (units.stream().allMatch(u -> u.looEffect() == null && u.aoiEffect() == null)) {
            return Optional.empty();
        }
        int n = units.size();
        XYChart chart = new XYChartBuilder().width(Charts.WIDTH).height(140 + 46 * n)
                .title("Ablation: effect of each unit (log scale)")
                .xAxisTitle("log10 of the factor (1 = x10, 2 = x100):   <- the full set without the unit runs faster"
                        + "  |  the base with the unit alone runs slower ->")
                .yAxisTitle("units, ranked").build();
        Charts.style(chart);
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideNW);
        double reach = units.stream().flatMap(u -> java.util.stream.Stream.of(extent(u.looEffect(), u.looNoise()),
                extent(u.aoiEffect(), u.aoiNoise()))).mapToDouble(d -> d).max().orElse(1);
        double edge = Math.max(1, Math.ceil(reach / LN10));
        chart.getStyler().setXAxisMin(-edge);
        chart.getStyler().setXAxisMax(edge);
        chart.getStyler().setXAxisDecimalPattern("0.#");
        // unit names as text over each row: XChart's y-label function loops forever on some ranges (3.8.8)
        chart.getStyler().setYAxisTicksVisible(false);
        chart.getStyler().setYAxisMin(-0.6);
        chart.getStyler().setYAxisMax(n - 0.4);
        boolean[] legend = {true, true};
        for (int i = 0; i < n; i++) {
            Effects.UnitEffect u = units.get(i);
            double y = n - 1 - i;
            EffectInterval loo = interval(ablation, u.unit(), true);
            EffectInterval aoi = interval(ablation, u.unit(), false);
            // leave-one-out points left: its whisker is −log of the (without ÷ full) interval's ends
            bar(chart, "leave-one-out", u, y, u.looEffect() == null ? null : -u.looEffect(),
                    loo == null ? null : new double[] {-Math.log10(loo.upper()), -Math.log10(loo.lower())},
                    u.looNoise(), ablation.slowdown(), LOO, legend, 0);
            bar(chart, "add-one-in", u, y, u.aoiEffect(),
                    aoi == null ? null : new double[] {Math.log10(aoi.lower()), Math.log10(aoi.upper())},
                    u.aoiNoise(), ablation.slowdown(), AOI, legend, 1);
        }
        for (int i = 0; i < n; i++) {
            chart.addAnnotation(new AnnotationText(units.get(i).unit(), edge * 0.55, n - 1 - i + 0.3, false));
        }
        chart.addAnnotation(new AnnotationLine(0, true, false));
        return Optional.of(Charts.image(chart));
    }

    /** The unit's interval in one direction, when the repeats give one. */
    private static EffectInterval interval(ReportData.Ablation a, String unit, boolean leaveOneOut) {
        EffectInterval i = a.interval(unit, leaveOneOut);
        return i != null && i.present() ? i : null;
    }

    /** ln units of the bar plus its whisker, for the axis range. */
    private static double extent(Double effect, Double noiseShare) {
        return effect == null ? 0 : Math.abs(effect) * (1 + (noiseShare == null ? 0 : noiseShare)) + 0.1;
    }

    /**
     * @param lnEffect   signed, in ln units, already pointing left (negative) or right
     * @param interval   the 95 % interval's ends in log10 units, pointing as the bar does; null without one,
     *                   and the whisker is then the noise band
     * @param noiseShare the noise as a share of the full slowdown, as {@link Effects} gives it
     */
    private static void bar(XYChart chart, String name, Effects.UnitEffect u, double y, Double lnEffect, double[] interval,
                            Double noiseShare, Double slowdown, Color color, boolean[] legend, int which) {
        if (lnEffect == null) {
            return;
        }
        double x = lnEffect / LN10;
        XYSeries bar = chart.addSeries(legend[which] ? name : name + " " + u.unit(), new double[] {0, x}, new double[] {y, y});
        bar.setLineColor(color);
        bar.setLineStyle(new BasicStroke(18f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER));
        bar.setMarker(SeriesMarkers.NONE);
        bar.setShowInLegend(legend[which]);
        legend[which] = false;
        Double noise = noiseLn(slowdown, noiseShare);
        double[] ends = interval != null ? interval
                : noise != null && noise > 0 ? new double[] {x - noise / LN10, x + noise / LN10} : null;
        if (ends != null) {
            XYSeries whisker = chart.addSeries("noise " + name + " " + u.unit(), ends, new double[] {y, y});
            whisker.setLineColor(Color.BLACK);
            whisker.setLineStyle(new BasicStroke(2f));
            whisker.setMarker(SeriesMarkers.NONE);
            whisker.setShowInLegend(false);
        }
    }

    /** Noise back in ln units: the share times the full slowdown. */
    private static Double noiseLn(Double slowdown, Double noiseShare) {
        return noiseShare == null || slowdown == null ? null : noiseShare * Math.abs(Math.log(slowdown));
    }
}
