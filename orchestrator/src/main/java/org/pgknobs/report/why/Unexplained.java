package org.pgknobs.report.why;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * "slower ×1.40 [1.14–1.62] against base; no rule explains it; what moved most: p95 latency 12 → 31 ms (Welch p
 * 0.002)": the line of a step whose throughput differs from the compared step's (the why-gate's
 * {@link Comparison.Throughput#DIFFERS}: marked, clear of 1 and of the drift) and for which no comparative rule fired.
 * A differing step is never silent (docs/reports.md, "The why-gate"). What moved: the figures of every repeat
 * ({@link RepeatFigures}) whose change passes Welch's t-test on the per-repeat values with Holm's correction over the
 * figures compared ({@link ShiftTests}) and is material ({@link #material}), smallest p first; none named when none
 * does.
 */
final class Unexplained {

    static final String RULE = "unexplained";
    /** At most this many moved figures are named. */
    private static final int NAMED = 3;
    static final double MIN_POINTS = 1;
    static final double MIN_RELATIVE = 0.10;

    private Unexplained() {
    }

    /** The line, when the step differs and {@code lines} (its other why-lines) hold no comparative one. */
    static Optional<Reason> of(WhyInput input, List<Reason> lines) {
        if (input.throughput() != Comparison.Throughput.DIFFERS
                || lines.stream().anyMatch(r -> Reason.EXPLAINS.equals(r.role()))) {
            return Optional.empty();
        }
        List<String> figures = new ArrayList<>(List.of("vsCompared.interval"));
        RepeatFigures repeats = input.repeatFigures();
        String against = input.comparedName() == null ? "the compared step" : input.comparedName();
        return Optional.of(new Reason(RULE, effect(input.noise(), against) + "; no rule explains it; what moved most: "
                + moved(repeats, figures), figures, Reason.EXPLAINS, null));
    }

    /** "slower ×1.40 [1.14–1.62] against base", from the slowdown interval (compared ÷ step). */
    private static String effect(Evidence.Noise n, String against) {
        if (n == null) {
            return "throughput differs from " + against + " (its comparison marked)";
        }
        boolean slower = n.ratio() >= 1;
        double r = slower ? n.ratio() : 1 / n.ratio();
        double lo = slower ? n.lower() : 1 / n.upper();
        double hi = slower ? n.upper() : 1 / n.lower();
        return String.format(Locale.ROOT, "%s ×%.2f [%.2f–%.2f] against %s (%d and %d repeats)",
                slower ? "slower" : "faster", r, lo, hi, against, n.n(), n.otherN());
    }

    private static String moved(RepeatFigures repeats, List<String> read) {
        List<RepeatFigures.Figure> tested = repeats.figures().stream()
                .filter(f -> f.step().size() >= 2 && f.compared().size() >= 2).toList();
        if (tested.isEmpty()) {
            return "nothing measurable (no figure with two repeats or more on each side)";
        }
        tested.forEach(f -> read.add(f.source()));
        double[] p = tested.stream().mapToDouble(f -> ShiftTests.welchP(values(f.step()), values(f.compared())))
                .toArray();
        boolean[] moved = ShiftTests.holm(p, ShiftTests.FAMILY_ALPHA);
        List<String> named = IntStream.range(0, tested.size()).filter(i -> moved[i] && material(tested.get(i)))
                .boxed().sorted(Comparator.comparingDouble((Integer i) -> p[i])
                        .thenComparing(i -> -relativeChange(tested.get(i)))).limit(NAMED)
                .map(i -> text(tested.get(i), p[i])).toList();
        return named.isEmpty()
                ? String.format(Locale.ROOT, "no figure moved materially beyond its own spread (%d compared; Welch, "
                + "Holm)", tested.size())
                : String.join(", ", named) + String.format(Locale.ROOT, " (Welch on the repeats, Holm over %d figures)",
                tested.size());
    }

    /**
     * A change worth naming: at least {@value #MIN_POINTS} point for a percentage (as {@code HitRatioDrop}), else at
     * least {@value #MIN_RELATIVE} of the larger mean; a tested but tiny change (0.004 % of attempts failed → 0 %)
     * explains no ×1.4.
     */
    static boolean material(RepeatFigures.Figure f) {
        double a = mean(f.step());
        double b = mean(f.compared());
        return "%".equals(f.unit()) ? Math.abs(a - b) >= MIN_POINTS : relativeChange(f) >= MIN_RELATIVE;
    }

    private static double relativeChange(RepeatFigures.Figure f) {
        double a = mean(f.step());
        double b = mean(f.compared());
        double larger = Math.max(Math.abs(a), Math.abs(b));
        return larger == 0 ? 0 : Math.abs(a - b) / larger;
    }

    private static String text(RepeatFigures.Figure f, double p) {
        return String.format(Locale.ROOT, "%s %s → %s%s (p %.2g)", f.name(), Numbers.brief(mean(f.compared())),
                Numbers.brief(mean(f.step())), f.unit().isEmpty() ? "" : " " + f.unit(), p);
    }

    private static double mean(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    private static double[] values(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
