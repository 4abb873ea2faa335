package org.pgknobs.experiment.yaml;

import java.util.List;
import java.util.Optional;
import org.pgknobs.experiment.Measurement;
import org.pgknobs.experiment.RepeatsAuto;

/**
 * {@code repeats:} as a number of runs per step, or {@code auto}: {@code repeats: auto} (the defaults) or
 * {@code repeats: {auto: {min: 3, max: 6, target: 3%}}}, any key left out taking its default.
 */
final class RepeatsBinder {

    static final List<String> AUTO = List.of("auto");
    static final List<String> AUTO_KEYS = List.of("min", "max", "target");
    private static final String EXAMPLE = "`repeats: 3`, `repeats: auto` or `repeats: {auto: {min: 3, max: 6, target: 3%}}`";

    /** The bound value: a fixed count, or auto. */
    record Bound(int fixed, Optional<RepeatsAuto> auto) {
    }

    private RepeatsBinder() {
    }

    static Bound bind(Optional<YamlTree> tree) {
        if (tree.isEmpty()) {
            return new Bound(1, Optional.empty());
        }
        YamlTree t = tree.get();
        if (t instanceof YamlTree.Scalar s && s.value() instanceof String text && text.trim().equalsIgnoreCase("auto")) {
            return auto(RepeatsAuto.defaults());
        }
        if (t instanceof YamlTree.Mapping) {
            MapReader outer = new MapReader(t, "repeats", AUTO);
            YamlTree inner = outer.get("auto").orElse(null);
            if (inner == null) {
                throw Problems.at(outer.origin(), "repeats", "a mapping here must be `auto:`", "write " + EXAMPLE);
            }
            return auto(inner instanceof YamlTree.Scalar ? RepeatsAuto.defaults() : bounds(inner));
        }
        if (t instanceof YamlTree.Scalar s && !(s.value() instanceof Number)) {
            throw Problems.at(s.origin(), "repeats", "expected a whole number ≥ 1 or auto, got " + s.describe(),
                    "write " + EXAMPLE);
        }
        return new Bound(Values.positiveInt(t, "repeats", 1), Optional.empty());
    }

    /**
     * {@code bracket:} true (the default: {@value Measurement#DEFAULT_BRACKET} runs at most between base
     * measurements), false (off), or that most as a whole number ≥ 1.
     */
    static int bracket(YamlTree t) {
        if (t instanceof YamlTree.Scalar s && s.value() instanceof Number) {
            return Values.positiveInt(t, "bracket", 1);
        }
        YamlTree.Scalar s = Values.scalar(t, "bracket", "true, false or a whole number ≥ 1");
        if (List.of("true", "yes", "on", "false", "no", "off").contains(s.raw().trim().toLowerCase(java.util.Locale.ROOT))) {
            return Values.bool(t, "bracket") ? Measurement.DEFAULT_BRACKET : Measurement.NO_BRACKET;
        }
        throw Problems.at(s.origin(), "bracket", "expected true, false or the most runs between two measurements of the"
                + " base (a whole number ≥ 1), got " + s.describe(), "write `bracket: true` (the default: a base "
                + "measurement at least every " + Measurement.DEFAULT_BRACKET + " runs), `bracket: false` or `bracket: 4`");
    }

    private static Bound auto(RepeatsAuto auto) {
        return new Bound(auto.min(), Optional.of(auto));
    }

    private static RepeatsAuto bounds(YamlTree tree) {
        MapReader r = new MapReader(tree, "repeats.auto", AUTO_KEYS);
        int min = r.get("min").map(t -> Values.positiveInt(t, "repeats.auto.min", 2)).orElse(RepeatsAuto.DEFAULT_MIN);
        int max = r.get("max").map(t -> Values.positiveInt(t, "repeats.auto.max", 2))
                .orElse(Math.max(min, RepeatsAuto.DEFAULT_MAX));
        if (max < min) {
            throw Problems.at(r.get("max").orElseThrow().origin(), "repeats.auto.max", "max " + max + " is below min "
                    + min, "give max ≥ min, e.g. `repeats: {auto: {min: " + min + ", max: " + (min + 3) + "}}`");
        }
        double target = r.get("target").map(RepeatsBinder::target).orElse(RepeatsAuto.DEFAULT_TARGET);
        return new RepeatsAuto(min, max, target);
    }

    /** 3%, 3 % or 0.03: the relative half-width of an interval that counts as narrow. */
    private static double target(YamlTree tree) {
        YamlTree.Scalar s = Values.scalar(tree, "repeats.auto.target", "a half-width like 3% or 0.03");
        double v = Values.share(s);
        if (!(v > 0 && v < 1)) {
            throw Problems.at(s.origin(), "repeats.auto.target", "expected the interval's relative half-width above 0"
                    + " and below 100 %, got " + s.describe(), "e.g. `target: 3%` (or 0.03): stop once every"
                    + " interval is within ±3 % of its ratio");
        }
        return v;
    }
}
