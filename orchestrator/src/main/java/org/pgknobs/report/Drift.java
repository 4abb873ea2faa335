package org.pgknobs.report;

import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.pgknobs.results.MachineFacts;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.stats.BaseDrift;
import org.pgknobs.stats.MonotonicTrend;
import org.pgknobs.stats.RatioInterval;

/**
 * The bracketed base's drift across a run (docs/statistics.md, "Drift"): its measurements in the order they ran
 * (first, the bracket points, last), how far it moved from first to last and whether that is beyond the noise of a
 * window ({@link BaseDrift}), the range it spans, the band that range gives every comparison with the base, the machine
 * figures of its first and last measurement, and a Mann–Kendall test on every run in the order they ran. These are
 * shown; the marks and verdicts allow for the drift through the base's fitted trend instead ({@link BaseTrend}: each
 * step against the base as it was when the step ran), so a base with no trend adds nothing beyond its noise.
 *
 * @param base        the base step
 * @param points      its measurements in the order they ran
 * @param factor      last ÷ first
 * @param lower       the 95 % interval of last ÷ first from the two windows' seconds; null without one
 * @param upper       its upper end
 * @param beyondNoise the interval lies clear of 1: the base moved more than its windows vary by
 * @param span        highest ÷ lowest of the points (≥ 1): how far the base ranged across the run
 * @param band        the largest excursion of a point from the points' geometric mean, the base's level that every
 *                    ratio against it is taken from (max(highest ÷ mean, mean ÷ lowest), ≥ 1): the drift every
 *                    comparison with the base allows for. An effect that clears it differs from the base as measured
 *                    at any of its points, not only from their mean
 * @param trend       Mann–Kendall on every measured run's headline throughput in the order they ran; null with
 *                    fewer than 3
 * @param machine     what moved with it, "CPU busy 41 % → 77 %, steal 0 % → 0 %, client CPU 22 % → 30 %"; null
 *                    where the step files hold no CPU figures
 */
public record Drift(String base, List<Point> points, double factor, Double lower, Double upper, boolean beyondNoise,
                    double span, double band, MonotonicTrend trend, String machine) {

    /**
     * One measurement of the base.
     *
     * @param repeat     its repeat (the order it ran in)
     * @param throughput its headline throughput
     * @param cpu        the machine's CPU in its headline window; null where not recorded
     */
    public record Point(int repeat, Instant started, double throughput, MachineFacts.Cpu cpu) {
    }

    /**
     * The drift of the step {@code bracket} measured again (suite.json's {@code bracket.base}), whichever step a
     * report compares with: the machine's movement is the same for every comparison. Null when the run was not
     * bracketed, has no headline phase, or fewer than two measurements of that step.
     */
    static Drift ofBracket(SuiteRecord.Bracket bracket, List<StepRun> all, String headline) {
        if (bracket == null || headline == null) {
            return null;
        }
        return of(bracket.base(), all.stream().filter(r -> r.name().equals(bracket.base())).toList(), all, headline);
    }

    /**
     * The drift of {@code base} from its runs; null with fewer than two measurements.
     *
     * @param all every run of the result directory (the trend reads them in the order they started)
     */
    static Drift of(String base, List<StepRun> baseRuns, List<StepRun> all, String headline) {
        List<StepRun> measured = baseRuns.stream().filter(r -> Repeats.phase(r, headline).isPresent()
                && r.status() == StepStatus.DONE).sorted(Comparator.comparingInt(StepRun::repeat)).toList();
        if (measured.size() < 2) {
            return null;
        }
        List<Point> points = measured.stream().map(r -> new Point(r.repeat(), r.result().started(),
                Repeats.phase(r, headline).get().throughput(),
                r.result().machine() == null ? null : r.result().machine().cpu(headline))).toList();
        Point first = points.get(0);
        Point last = points.get(points.size() - 1);
        if (!(first.throughput() > 0) || !(last.throughput() > 0)) {
            return null;
        }
        BaseDrift d = BaseDrift.of(first.throughput(), last.throughput(), perSecond(measured.get(0)),
                perSecond(measured.get(measured.size() - 1)));
        RatioInterval i = d.interval() instanceof RatioInterval r ? r : null;
        double[] throughputs = points.stream().mapToDouble(Point::throughput).toArray();
        double[] inOrder = all.stream().filter(r -> r.status() == StepStatus.DONE && r.result() != null
                        && r.result().started() != null && Repeats.phase(r, headline).isPresent())
                .sorted(Comparator.comparing(r -> r.result().started()))
                .mapToDouble(r -> Repeats.phase(r, headline).get().throughput()).toArray();
        return new Drift(base, points, d.factor(), i == null ? null : i.lower(), i == null ? null : i.upper(),
                d.beyondNoise(), span(throughputs), band(throughputs), MonotonicTrend.of(inOrder),
                machine(first.cpu(), last.cpu()));
    }

    private static double[] perSecond(StepRun r) {
        return r.perSecond().stream().mapToDouble(StepRun.Point::y).toArray();
    }

    static String machine(MachineFacts.Cpu first, MachineFacts.Cpu last) {
        if (first == null || last == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "CPU busy %.0f %% → %.0f %%", first.busyPercent(),
                last.busyPercent()));
        if (first.stealPercent() != null && last.stealPercent() != null) {
            sb.append(String.format(Locale.ROOT, ", steal %.1f %% → %.1f %%", first.stealPercent(), last.stealPercent()));
        }
        if (first.clientPercent() != null && last.clientPercent() != null) {
            sb.append(String.format(Locale.ROOT, ", client CPU %.0f %% → %.0f %%", first.clientPercent(),
                    last.clientPercent()));
        }
        return sb.toString();
    }

    /** Highest ÷ lowest of the base's measurements (those that completed something). */
    static double span(double[] throughputs) {
        double[] t = positive(throughputs);
        return Arrays.stream(t).max().orElse(1) / Arrays.stream(t).min().orElse(1);
    }

    /**
     * The largest excursion of a base measurement from their geometric mean, either way (≥ 1). The ratios a report
     * prints are taken against that mean (Welch on the logs), so an effect clear of this band differs from the base
     * as measured at every one of its points: highest ÷ lowest would count the base's range twice.
     */
    static double band(double[] throughputs) {
        double[] t = positive(throughputs);
        if (t.length == 0) {
            return 1;
        }
        double mean = Math.exp(Arrays.stream(t).map(Math::log).average().orElseThrow());
        return Math.max(Arrays.stream(t).max().orElseThrow() / mean, mean / Arrays.stream(t).min().orElseThrow());
    }

    /** A base measurement that completed nothing has no ratio: the band is read from the others. */
    private static double[] positive(double[] throughputs) {
        return Arrays.stream(throughputs).filter(t -> t > 0).toArray();
    }

    /** The band a comparison with the base allows for; 1 (none) without a drift. */
    public static double bandOf(Drift drift) {
        return drift == null ? 1 : drift.band();
    }

    /** Whether {@code effect} is clear of 1 but not of the drift: within drift, never marked, never a verdict. */
    public boolean holds(EffectInterval effect) {
        return effect != null && !effect.containsOne() && !Mark.of(effect, band).shown();
    }

    /** "+37 %". */
    public String percent() {
        return String.format(Locale.ROOT, "%+.0f %%", (factor - 1) * 100);
    }

    /**
     * The report's top line when the base moved beyond the noise of a window, else empty: "the base moved +37 % from
     * first to last (66,364 → 90,876/s, ...): effects below that are not separable from the machine".
     */
    public Optional<String> finding() {
        if (!beyondNoise) {
            return Optional.empty();
        }
        Point first = points.get(0);
        Point last = points.get(points.size() - 1);
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "The base moved %s from first to last "
                        + "(%s r%d %,.0f/s → r%d %,.0f/s; last ÷ first %.3f [%.3f–%.3f] from the two windows' seconds;"
                        + " %d measurements spanning ×%.3f, up to ×%.3f from their mean): effects below that are not"
                        + " separable from the machine",
                percent(), base, first.repeat(), first.throughput(), last.repeat(), last.throughput(), factor, lower, upper,
                points.size(), span, band));
        if (machine != null) {
            sb.append(". The machine moved with it: ").append(machine);
        }
        if (trend != null) {
            sb.append(". Trend over the run: ").append(trend.sentence())
                    .append(trend.significant() ? " (a monotonic trend)" : " (no monotonic trend at 5 %)");
        }
        return Optional.of(sb.append('.').toString());
    }

    /** "Drift of base: 3 measurements, first → last +4 % [0.97–1.11], within the noise of its windows; ...". */
    public String sentence() {
        return String.format(Locale.ROOT, "Drift of %s: %d measurements (first, every bracket point, last), first → last %s%s"
                        + ", spanning ×%.3f, up to ×%.3f from their mean (each step's interval is set against the"
                        + " base's fitted trend where one is found at 5 %%, docs/statistics.md \"Drift\")%s%s",
                base, points.size(), percent(), lower == null ? " (no interval: a window's seconds were not recorded)"
                        : String.format(Locale.ROOT, " [%.3f–%.3f], %s", lower, upper,
                                beyondNoise ? "beyond the noise of its windows" : "within the noise of its windows"),
                span, band, machine == null ? "" : "; " + machine, trend == null ? "" : "; " + trend.sentence());
    }
}
