package org.pgknobs.stats;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code repeats: auto}: run interleaved rounds (every step once per round) until every comparison's 95 % interval
 * ({@link Effect#reported()}) is clear of 1 or narrower than {@code targetHalfWidth}, never fewer than {@code min}
 * rounds nor more than {@code max}.
 *
 * <p>A sequential rule in the spirit of CONFIRM (Maricq et al., OSDI 2018: let the data decide the number of
 * trials) and of the Phoronix Test Suite's repeat-until-the-spread-is-small; stopping on an interval this way is
 * optimistic about its coverage (the interval is read each round), which {@code min} rounds bound in part. The rule
 * is a pure function of the samples: a resumed run that hands it the repeats on disk gets the decision the
 * uninterrupted run would have made, and a round cut short by an interruption is finished first.
 *
 * @param min             the fewest rounds (at least 2: one repeat has no interval)
 * @param max             the most rounds
 * @param targetHalfWidth the relative half-width that counts as narrow ({@link RatioInterval#relativeHalfWidth()}),
 *                        e.g. 0.03
 */
public record AutoRepeats(int min, int max, double targetHalfWidth) {

    public AutoRepeats {
        if (min < 2 || max < min || !(targetHalfWidth > 0)) {
            throw new IllegalArgumentException("repeats auto needs 2 <= min <= max and target > 0, got min " + min
                    + ", max " + max + ", target " + targetHalfWidth);
        }
    }

    /**
     * The decision after the rounds so far.
     *
     * @param samples     the repeats (throughputs, in the order they ran) of every step the rounds run: a round is
     *                    complete when each of them, and each compared step, has the same count
     * @param comparisons the effects that must settle ({@link Comparison#againstBase}, {@link Comparison#againstStepBefore})
     */
    public RoundsDecision decide(Map<String, List<Double>> samples, List<Comparison> comparisons) {
        return decide(samples, comparisons, null);
    }

    /**
     * @param bracketed a bracketed base (measured first, last and between segments of a round: more often than once a
     *                  round), null for none: its measurements count no rounds, and every one of them enters its
     *                  intervals
     */
    public RoundsDecision decide(Map<String, List<Double>> samples, List<Comparison> comparisons, String bracketed) {
        Set<String> steps = new LinkedHashSet<>(samples.keySet());
        comparisons.forEach(c -> steps.addAll(List.of(c.step(), c.reference())));
        steps.remove(bracketed);
        List<Integer> counts = steps.stream().map(step -> samples.getOrDefault(step, List.of()).size()).toList();
        int rounds = counts.stream().mapToInt(Integer::intValue).min().orElse(0);
        int started = counts.stream().mapToInt(Integer::intValue).max().orElse(0);
        List<RoundsDecision.Status> statuses = rounds < 2 ? List.of()
                : statuses(samples, comparisons, rounds, bracketed);
        if (rounds >= max) {
            return new RoundsDecision(true, RoundsDecision.Reason.MAX_ROUNDS, rounds, statuses);
        }
        if (started > rounds) {
            return new RoundsDecision(false, RoundsDecision.Reason.ROUND_INCOMPLETE, rounds, statuses);
        }
        if (rounds < min) {
            return new RoundsDecision(false, RoundsDecision.Reason.BELOW_MIN, rounds, statuses);
        }
        boolean settled = statuses.stream().allMatch(RoundsDecision.Status::settled);
        return new RoundsDecision(settled, settled ? RoundsDecision.Reason.SETTLED : RoundsDecision.Reason.UNSETTLED,
                rounds, statuses);
    }

    private List<RoundsDecision.Status> statuses(Map<String, List<Double>> samples, Collection<Comparison> comparisons,
            int rounds, String bracketed) {
        List<RoundsDecision.Status> statuses = new ArrayList<>();
        for (Comparison c : comparisons) {
            RatioResult interval = Effect.reportedInterval(firstRounds(samples.get(c.reference()),
                    c.reference().equals(bracketed) ? samples.get(c.reference()).size() : rounds),
                    firstRounds(samples.get(c.step()), c.step().equals(bracketed) ? samples.get(c.step()).size() : rounds));
            boolean clear = interval instanceof RatioInterval i && !i.containsOne();
            boolean narrow = interval instanceof RatioInterval i && i.relativeHalfWidth() <= targetHalfWidth;
            statuses.add(new RoundsDecision.Status(c, interval, clear, narrow));
        }
        return statuses;
    }

    private static double[] firstRounds(List<Double> repeats, int rounds) {
        return repeats.subList(0, rounds).stream().mapToDouble(Double::doubleValue).toArray();
    }
}
