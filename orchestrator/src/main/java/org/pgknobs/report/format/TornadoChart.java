package org.pgknobs.report.format;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.pgknobs.report.EffectInterval;
import org.pgknobs.report.ReportData;

/**
 * An ablation's tornado chart, as the table of figures charts.js draws it from: one row per unit, each direction drawn as its 95 % interval from the repeats (Welch's t
 * on logs), the bar spanning the interval and a tick at its estimate (the ratio of geometric means). To the left, how
 * many times faster the full set runs without the unit; to the right, how many times slower the base runs with the
 * unit alone; both on a log scale (the axis is log10 of the factor: 1 = ×10). The rows are ranked by the
 * leave-one-out interval's end nearest no-change (0 where it holds 1), then by the add-one-in interval's; a unit whose
 * leave-one-out interval overlaps the one above it cannot be told apart from it, and its name is marked "=". A unit
 * without an interval has no bar: no direction without one (docs/statistics.md, "Marks").
 */
final class TornadoChart {

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

    /**
     * The chart's table, a row per unit as ranked: its label ("=" where tied), then each direction's interval and
     * estimate as report.json has them (the full set without the unit ÷ the full set; the base with the unit alone ÷
     * the base), null without one. charts.js draws leave-one-out to the left (its log turned round) and add-one-in
     * to the right.
     */
    static Optional<Charts.Spec> of(ReportData.Ablation ablation, String id) {
        List<Row> rows = ranked(ablation);
        if (rows.stream().allMatch(r -> r.loo() == null && r.aoi() == null)) {
            return Optional.empty();
        }
        List<List<Object>> table = new ArrayList<>();
        for (Row r : rows) {
            List<Object> cells = new ArrayList<>(List.of(r.label()));
            for (boolean leaveOneOut : new boolean[] {true, false}) {
                EffectInterval i = interval(ablation, r.unit(), leaveOneOut);
                cells.addAll(java.util.Arrays.asList(i == null ? null : i.lower(), i == null ? null : i.ratio(),
                        i == null ? null : i.upper()));
            }
            table.add(cells);
        }
        java.util.Map<String, Object> options = Charts.options("log10 of the factor (1 = x10):   <- the full set without"
                + " the unit runs faster  |  the base with the unit alone runs slower ->", "units, ranked", false);
        return Optional.of(new Charts.Spec(id, "tornado", "Ablation: each unit's 95 % interval (log scale), ranked by"
                + " it; = not told apart from the unit above", List.of("unit", "without ÷ full, lower", "without ÷ full",
                "without ÷ full, upper", "alone ÷ base, lower", "alone ÷ base", "alone ÷ base, upper"), table, options));
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
}
