package org.pgknobs.report.format;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import org.pgknobs.report.EffectInterval;
import org.pgknobs.report.ReportData;
import org.pgknobs.report.Verdict;
import org.pgknobs.report.why.Reason;

/**
 * The first screen's forest plot of a run: one row per step (the compared step aside), the effect against the
 * compared step as the verdict model decided it (its one point estimate, the ratio of geometric means, and that
 * estimate's 95 % interval, {@link org.pgknobs.report.VerdictModel}), the published effect as a second marker, the
 * verdict as a label and the bracketed base's drift band shaded. Every figure is report.json's, copied, never
 * recomputed: a chain's slowdown (compared ÷ step) from the step's effect, a sweep's ratio (step ÷ base) from each
 * phase's table. An insert benchmark gets one plot per phase on the same axis (small multiples), the headline first.
 */
final class ForestPlot {

    static final List<String> COLUMNS = List.of("step", "anchor", "estimate", "lower", "upper", "published", "verdict",
            "mark", "bound", "noInterval", "status", "why");

    private ForestPlot() {
    }

    /** The plot of each phase (one for a chain), the headline first; empty when no step has an effect to draw. */
    static List<Charts.Spec> of(ReportData.Run run, String idPrefix) {
        List<Charts.Spec> out = new ArrayList<>();
        if (!run.sweep().isEmpty()) {
            for (ReportData.PhaseTable t : run.sweep()) {
                List<List<Object>> rows = t.rows().stream().filter(r -> !r.step().equals(run.baseline()))
                        .map(r -> row(run, r.step(), r.relative(), r.interval(), r.publishedRelative(), r.verdict(),
                                r.mark().name(), t == run.sweep().get(0))).toList();
                out.add(spec(run, idPrefix + "-" + out.size(), t.phase() + ": ops/s ÷ " + run.baseline(),
                        "step ÷ " + run.baseline() + " (log scale; right: faster)", rows, !out.isEmpty()));
            }
        } else {
            List<List<Object>> rows = run.steps().stream().filter(s -> !s.name().equals(run.baseline()))
                    .map(s -> row(run, s.name(), s.effect().slowdown(), s.effect().slowdownInterval(),
                            s.effect().publishedSlowdown(), s.effect().verdict(), s.effect().mark().name(), true)).toList();
            out.add(spec(run, idPrefix + "-0", "slowdown against " + run.baseline() + (run.setup().headlinePhase() == null
                    ? "" : " (" + run.setup().headlinePhase() + ")"), run.baseline() + " ÷ step (log scale; right: slower)",
                    rows, false));
        }
        boolean any = out.stream().flatMap(s -> s.rows().stream()).anyMatch(r -> r.get(2) != null);
        return any ? sameAxis(out) : List.of();
    }

    /** A row; {@code headline}: the step's first why-line too (the why-lines speak of the headline phase). */
    private static List<Object> row(ReportData.Run run, String step, Double estimate, EffectInterval interval,
                                     Double published, String verdict, String mark, boolean headline) {
        Optional<ReportData.Step> s = run.steps().stream().filter(x -> x.name().equals(step)).findFirst();
        boolean present = interval != null && interval.present();
        return java.util.Arrays.asList(step, Charts.stepAnchor(run, step), estimate, present ? interval.lower() : null,
                present ? interval.upper() : null, published, verdict, mark, present && interval.bound(),
                present ? null : interval == null ? "no interval" : Objects.requireNonNullElse(interval.noInterval(),
                        "no interval"), s.map(ReportData.Step::status).orElse(null),
                headline ? s.flatMap(ForestPlot::firstWhy).orElse(null) : null);
    }

    /** The step's first why-line (a line that says something changed), as the why list prints it first. */
    static Optional<String> firstWhy(ReportData.Step s) {
        if (s.reason() != null && !"done".equals(s.status())) {
            return Optional.of(s.status() + " — " + s.reason());
        }
        return s.diagnosis().why().stream().filter(r -> !r.unchanged()).map(Reason::text).findFirst();
    }

    private static Charts.Spec spec(ReportData.Run run, String id, String title, String axis, List<List<Object>> rows,
                                    boolean small) {
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("axis", axis);
        double band = run.driftBand();
        options.put("drift", band > 1 ? List.of(1 / band, band) : null);
        options.put("small", small);
        return new Charts.Spec(id, "forest", title, COLUMNS, rows, options);
    }

    /** Every plot of the run on one axis: from the smallest figure any of them draws to the largest, and 1. */
    static List<Charts.Spec> sameAxis(List<Charts.Spec> specs) {
        List<Double> all = specs.stream().flatMap(s -> s.rows().stream())
                .flatMap(r -> Stream.of(r.get(2), r.get(3), r.get(4), r.get(5))).filter(Objects::nonNull)
                .map(v -> ((Number) v).doubleValue()).filter(v -> v > 0).toList();
        double lo = Math.min(1, all.stream().mapToDouble(Double::doubleValue).min().orElse(1));
        double hi = Math.max(1, all.stream().mapToDouble(Double::doubleValue).max().orElse(1));
        for (Charts.Spec s : specs) {
            @SuppressWarnings("unchecked")
            List<Double> drift = (List<Double>) s.options().get("drift");
            double dlo = drift == null ? lo : Math.min(lo, drift.get(0));
            double dhi = drift == null ? hi : Math.max(hi, drift.get(1));
            s.options().put("min", dlo / 1.15);
            s.options().put("max", dhi * 1.15);
        }
        return specs;
    }

    /**
     * The one line summary.md prints under its table ("Verdict: 2 of 3 published steps reproduced …"), from the same
     * verdicts as report.json carries them: the headline's published steps, the compared step aside. Empty without a
     * published step.
     */
    static Optional<String> summary(ReportData.Run run) {
        Map<String, String> verdicts = new LinkedHashMap<>();
        if (!run.sweep().isEmpty()) {
            run.sweep().get(0).rows().stream().filter(r -> r.published() != null && !r.step().equals(run.baseline()))
                    .forEach(r -> verdicts.putIfAbsent(r.step(), r.verdict()));
        } else {
            run.steps().stream().filter(s -> s.effect().published() != null && !s.name().equals(run.baseline()))
                    .forEach(s -> verdicts.putIfAbsent(s.name(), s.effect().verdict()));
        }
        if (verdicts.isEmpty()) {
            return Optional.empty();
        }
        Map<Verdict, Long> counts = new EnumMap<>(Verdict.class);
        verdicts.values().stream().map(Verdict::ofLabel).filter(Objects::nonNull).forEach(v -> counts.merge(v, 1L, Long::sum));
        return Optional.of("Verdict: " + Verdict.summary(counts, verdicts.size()) + ".");
    }
}
