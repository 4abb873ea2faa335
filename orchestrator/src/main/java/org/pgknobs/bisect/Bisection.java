package org.pgknobs.bisect;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.pgknobs.stats.Comparison;
import org.pgknobs.stats.Effect;
import org.pgknobs.stats.NoiseFloor;
import org.pgknobs.stats.RatioInterval;
import org.pgknobs.stats.RatioResult;
import org.pgknobs.stats.RoundsDecision;

/**
 * Which candidate of an ordered list (releases, or a setting's values) first behaves like the last one.
 *
 * <p><b>The ends.</b> Each end runs once. When one of them fails and the other runs, the boundary sought is where runs
 * start to fail, and a single run classes a probe (fails, or runs). When both run, they run up to {@code min} times and
 * then one more
 * round at a time (first, last) until {@code repeats: auto}'s rule ({@link org.pgknobs.stats.AutoRepeats}, the last end
 * against the first) stops: a ratio clear of 1 is a difference to bisect; otherwise no candidate between them changed
 * the figure beyond noise, and the smallest change that could have been seen is the larger of the two ends' minimum
 * detectable effects ({@link NoiseFloor#detectableAt}). With a drop (0.2 for 20 %), the slower end is compared with
 * the faster one instead: decided when the interval of slower ÷ faster lies wholly below 1 − drop, "does not fall
 * off" when wholly above, more rounds (up to {@code max}) while it straddles.
 *
 * <p><b>A probe</b> runs {@code min} times (once when an end fails), then once more while it is undecided, up to
 * {@code max}. Against both ends (no drop) with the report's interval (Welch on logs, {@link Effect#reportedInterval}):
 * like the first end when its ratio to the first holds 1 and its ratio to the last does not, like the last in the
 * mirror case, the nearer end on the log scale when it is clear of both (noted: it lies between them), undecided
 * while both hold 1. With a drop: like the faster end when probe ÷ faster lies wholly at or above 1 − drop, like
 * the slower when wholly below. A probe with a failed run is {@link ProbeClass#FAILS}; it sits on the failing end's
 * side, or, when both ends run, on the slower end's (noted). An undecided probe ends the search, naming the range it
 * leaves open.
 *
 * <p><b>The search</b> keeps the last candidate known to be like the first end and the first known to be like the
 * last, and probes the middle between them (binary search, Knuth TAOCP vol. 3, §6.2.1): when every probe decides, it
 * measures at most ⌈log2(n − 1)⌉ + 2 ≤ ⌈log2 n⌉ + 2 candidates for n. It assumes one change point (a monotone
 * behaviour): a candidate that changed and changed back between two probes is not seen, which the result's
 * neighbours (decided, side by side) make checkable.
 */
public final class Bisection {

    /** Runs a candidate {@code count} more times and gives each run's outcome, in order. */
    public interface Measure {
        List<RunOutcome> runs(int index, int count);
    }

    private final List<String> labels;
    private final String noun;
    private final BisectRules rules;
    private final Measure measure;
    private final Consumer<Probe> onProbe;
    private final Map<Integer, List<RunOutcome>> runs = new HashMap<>();
    private final List<Probe> path = new ArrayList<>();
    private final int first;
    private final int last;

    /**
     * @param labels  the candidates in order, distinct (at least 2)
     * @param noun    what a candidate is, for the summary ("release", "value")
     * @param onProbe told of every candidate the moment it is decided (the path printed as it goes)
     */
    public Bisection(List<String> labels, String noun, BisectRules rules, Measure measure, Consumer<Probe> onProbe) {
        if (labels.size() < 2 || new HashSet<>(labels).size() != labels.size()) {
            throw new IllegalArgumentException("a bisection needs at least 2 distinct candidates, got " + labels);
        }
        this.labels = List.copyOf(labels);
        this.noun = noun;
        this.rules = rules;
        this.measure = measure;
        this.onProbe = onProbe;
        this.first = 0;
        this.last = labels.size() - 1;
    }

    /** The ends' state once decided: which side a failing probe joins, and how probes are classed. */
    private enum Mode { FAILS, DROP, CHANGE }

    public BisectResult run() {
        // one run of each end first: when one fails, the search is for where runs start to fail, and one run a
        // candidate decides that; otherwise the ends go on to min runs
        more(first, 1);
        more(last, 1);
        if (!failed(first) && !failed(last) && min() > 1) {
            more(first, min() - 1);
            more(last, min() - 1);
        }
        Mode mode;
        if (failed(first) && failed(last)) {
            record(first, ProbeClass.FAILS, "");
            record(last, ProbeClass.FAILS, "");
            return new BisectResult(BisectResult.Kind.BOTH_FAIL, path, Optional.empty(), Optional.empty(),
                    "both ends fail: nothing to bisect between " + labels.get(first) + " and " + labels.get(last));
        } else if (failed(first) || failed(last)) {
            mode = Mode.FAILS;
        } else {
            Optional<BisectResult> undecidedEnds = endRounds();
            if (undecidedEnds.isPresent()) {
                return undecidedEnds.get();
            }
            if (failed(first) || failed(last)) {
                mode = Mode.FAILS; // a later round of an end failed: that end fails
            } else {
                mode = rules.drop().isPresent() ? Mode.DROP : Mode.CHANGE;
            }
        }
        record(first, failed(first) ? ProbeClass.FAILS : ProbeClass.LIKE_FIRST, "");
        record(last, failed(last) ? ProbeClass.FAILS : ProbeClass.LIKE_LAST, "");
        int lo = first;
        int hi = last;
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            Probe probe = probe(mid, mode);
            ProbeClass side = side(probe.probeClass(), mode);
            if (side == ProbeClass.LIKE_FIRST) {
                lo = mid;
            } else if (side == ProbeClass.LIKE_LAST) {
                hi = mid;
            } else {
                return new BisectResult(BisectResult.Kind.UNDECIDED, path, probeAt(lo), probeAt(hi),
                        labels.get(mid) + " is undecided after " + probe.runs() + " runs: the " + noun + " that changed "
                                + "lies between " + labels.get(lo) + " and " + labels.get(hi) + " (more repeats, "
                                + "--repeats MIN..MAX, may decide it)");
            }
        }
        return new BisectResult(BisectResult.Kind.FOUND, path, probeAt(lo), probeAt(hi), found(lo, hi, mode));
    }

    /** Rounds of both ends until their difference is decided; a result when it ends the search there. */
    private Optional<BisectResult> endRounds() {
        while (true) {
            if (failed(first) || failed(last)) {
                return Optional.empty();
            }
            int rounds = Math.min(ran(first).length, ran(last).length);
            if (rules.drop().isPresent()) {
                double floor = 1 - rules.drop().getAsDouble();
                int fast = faster();
                RatioResult r = Effect.reportedInterval(ran(fast), ran(other(fast)));
                if (r instanceof RatioInterval i && i.upper() < floor) {
                    return Optional.empty();
                }
                if (r instanceof RatioInterval i && i.lower() >= floor) {
                    return Optional.of(noChange(String.format(Locale.ROOT, "no %s between %s and %s falls off by %s of "
                            + "%s's throughput: %s is %s of it", noun, labels.get(first), labels.get(last),
                            percent(rules.drop().getAsDouble()), labels.get(fast), labels.get(other(fast)),
                            Probe.ratio(i))));
                }
                if (rounds >= rules.repeats().max()) {
                    return Optional.of(undecidedEnds(Probe.ratio(r) + " of " + labels.get(fast) + " straddles "
                            + String.format(Locale.ROOT, "%.2f", floor)));
                }
            } else {
                Map<String, List<Double>> samples = new LinkedHashMap<>();
                samples.put(labels.get(first), boxed(ran(first)));
                samples.put(labels.get(last), boxed(ran(last)));
                RoundsDecision decision = rules.repeats().decide(samples,
                        List.of(new Comparison(labels.get(last), labels.get(first))));
                if (decision.stop()) {
                    RoundsDecision.Status status = decision.comparisons().get(0);
                    if (status.clearOfOne()) {
                        return Optional.empty();
                    }
                    double detectable = Math.max(NoiseFloor.measure(ran(first)).detectableAt(rounds),
                            NoiseFloor.measure(ran(last)).detectableAt(rounds));
                    return Optional.of(noChange(String.format(Locale.ROOT, "no %s between %s and %s changed the "
                            + "throughput beyond noise: %s is %s of %s after %d rounds (smallest detectable change "
                            + "%s)", noun, labels.get(first), labels.get(last), labels.get(last),
                            Probe.ratio(status.interval()), labels.get(first), rounds, percent(detectable))));
                }
            }
            more(first, 1);
            more(last, 1);
        }
    }

    private BisectResult noChange(String summary) {
        record(first, ProbeClass.LIKE_FIRST, "");
        record(last, ProbeClass.LIKE_FIRST, "");
        return new BisectResult(BisectResult.Kind.NO_CHANGE, path, Optional.empty(), Optional.empty(), summary);
    }

    private BisectResult undecidedEnds(String why) {
        record(first, ProbeClass.LIKE_FIRST, "");
        record(last, ProbeClass.UNDECIDED, "");
        return new BisectResult(BisectResult.Kind.UNDECIDED, path, Optional.empty(), Optional.empty(),
                "the ends' difference is undecided after " + rules.repeats().max() + " rounds: " + why
                        + " (more repeats, --repeats MIN..MAX, may decide it)");
    }

    /** Measures and classes one candidate between the ends. */
    private Probe probe(int index, Mode mode) {
        more(index, mode == Mode.FAILS ? 1 : min());
        ProbeClass c = classify(index, mode);
        while (c == null && runs.get(index).size() < rules.repeats().max()) {
            more(index, 1);
            c = classify(index, mode);
        }
        String note = "";
        if (c == ProbeClass.FAILS && mode != Mode.FAILS) {
            note = "a failing run counts with the slower end, " + labels.get(other(faster()));
        } else if (c != null && c != ProbeClass.FAILS && mode == Mode.CHANGE && clear(index, first) && clear(index, last)) {
            note = "between the ends, nearer " + labels.get(c == ProbeClass.LIKE_FIRST ? first : last);
        }
        return record(index, c == null ? ProbeClass.UNDECIDED : c, note);
    }

    /** The class the runs so far establish, null while they establish none. */
    private ProbeClass classify(int index, Mode mode) {
        if (failed(index)) {
            return ProbeClass.FAILS;
        }
        switch (mode) {
            case FAILS:
                return failed(first) ? ProbeClass.LIKE_LAST : ProbeClass.LIKE_FIRST;
            case DROP: {
                int fast = faster();
                double floor = 1 - rules.drop().getAsDouble();
                if (!(Effect.reportedInterval(ran(fast), ran(index)) instanceof RatioInterval i)) {
                    return null;
                }
                return i.lower() >= floor ? like(fast) : i.upper() < floor ? like(other(fast)) : null;
            }
            default: {
                RatioResult a = Effect.reportedInterval(ran(first), ran(index));
                RatioResult b = Effect.reportedInterval(ran(last), ran(index));
                if (!(a instanceof RatioInterval ia) || !(b instanceof RatioInterval ib)) {
                    return null;
                }
                if (ia.containsOne() == ib.containsOne()) {
                    return ia.containsOne() ? null
                            : Math.abs(Math.log(ia.ratio())) <= Math.abs(Math.log(ib.ratio())) ? ProbeClass.LIKE_FIRST
                            : ProbeClass.LIKE_LAST;
                }
                return ia.containsOne() ? ProbeClass.LIKE_FIRST : ProbeClass.LIKE_LAST;
            }
        }
    }

    /** Which end's side a class puts a probe on: a failing probe joins the failing end, else the slower end. */
    private ProbeClass side(ProbeClass c, Mode mode) {
        if (c != ProbeClass.FAILS) {
            return c;
        }
        return mode == Mode.FAILS ? (failed(first) ? ProbeClass.LIKE_FIRST : ProbeClass.LIKE_LAST) : like(other(faster()));
    }

    private String found(int lo, int hi, Mode mode) {
        String before = labels.get(lo);
        String after = labels.get(hi);
        if (mode == Mode.FAILS) {
            return failed(first) ? "runs fail up to " + before + " and run from " + after
                    : "runs run up to " + before + " and fail from " + after;
        }
        if (mode == Mode.DROP) {
            return "the throughput falls off by more than " + percent(rules.drop().getAsDouble()) + " of "
                    + labels.get(faster()) + "'s between " + before + " (" + path(lo).probeClass().label(labels.get(first),
                    labels.get(last)) + ") and " + after + " (" + path(hi).probeClass().label(labels.get(first),
                    labels.get(last)) + ")";
        }
        return "first " + noun + " like " + labels.get(last) + ": " + after + " (" + before + " is like "
                + labels.get(first) + ")";
    }

    private Probe record(int index, ProbeClass c, String note) {
        boolean end = index == first || index == last;
        Probe p = new Probe(index, labels.get(index), end, c, boxed(ran(index)), failure(index),
                index == first ? null : ratioTo(first, index), index == last ? null : ratioTo(last, index), note);
        path.add(p);
        onProbe.accept(p);
        return p;
    }

    private RatioResult ratioTo(int reference, int index) {
        return ran(reference).length == 0 || ran(index).length == 0 ? null
                : Effect.reportedInterval(ran(reference), ran(index));
    }

    private boolean clear(int index, int end) {
        return ratioTo(end, index) instanceof RatioInterval i && !i.containsOne();
    }

    private Probe path(int index) {
        return probeAt(index).orElseThrow();
    }

    private Optional<Probe> probeAt(int index) {
        return path.stream().filter(p -> p.index() == index).reduce((a, b) -> b);
    }

    private ProbeClass like(int end) {
        return end == first ? ProbeClass.LIKE_FIRST : ProbeClass.LIKE_LAST;
    }

    /** The end with the higher geometric mean. */
    private int faster() {
        return Probe.logMean(ran(first)) >= Probe.logMean(ran(last)) ? first : last;
    }

    private int other(int end) {
        return end == first ? last : first;
    }

    private int min() {
        return rules.repeats().min();
    }

    private void more(int index, int count) {
        List<RunOutcome> got = measure.runs(index, count);
        if (got.size() != count) {
            throw new IllegalStateException("asked for " + count + " runs of " + labels.get(index) + ", got " + got.size());
        }
        runs.computeIfAbsent(index, k -> new ArrayList<>()).addAll(got);
    }

    private boolean failed(int index) {
        return failure(index).isPresent();
    }

    private Optional<String> failure(int index) {
        return runs.getOrDefault(index, List.of()).stream().filter(r -> r instanceof RunOutcome.Failed)
                .map(r -> ((RunOutcome.Failed) r).reason()).findFirst();
    }

    private double[] ran(int index) {
        return runs.getOrDefault(index, List.of()).stream().filter(r -> r instanceof RunOutcome.Ran)
                .mapToDouble(r -> ((RunOutcome.Ran) r).throughput()).toArray();
    }


    private static List<Double> boxed(double[] xs) {
        return java.util.Arrays.stream(xs).boxed().toList();
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.3g %%", 100 * share);
    }
}
