package org.pgknobs.stats;

import java.util.List;
import java.util.stream.Collectors;

/**
 * What {@link AutoRepeats#decide} says after the rounds so far: run another round or stop, and why.
 *
 * @param stop        whether to stop
 * @param reason      why (recorded in suite.json)
 * @param rounds      complete rounds so far (every compared step has that many repeats)
 * @param comparisons each comparison's interval at those rounds (empty before 2 rounds)
 */
public record RoundsDecision(boolean stop, Reason reason, int rounds, List<Status> comparisons) {

    public enum Reason {
        /** fewer rounds than {@code min}: continue */
        BELOW_MIN,
        /** some steps have one more repeat than others (an interrupted round): finish it */
        ROUND_INCOMPLETE,
        /** some interval holds 1 and is wider than the target: continue */
        UNSETTLED,
        /** every interval is clear of 1 or narrower than the target: stop */
        SETTLED,
        /** {@code max} rounds done: stop */
        MAX_ROUNDS
    }

    public RoundsDecision {
        comparisons = List.copyOf(comparisons);
    }

    /** One comparison's state: settled when its interval is clear of 1 or narrower than the target. */
    public record Status(Comparison comparison, RatioResult interval, boolean clearOfOne, boolean narrowEnough) {

        public boolean settled() {
            return clearOfOne || narrowEnough;
        }
    }

    /** One line for the log and suite.json, e.g. "continue: 2 of 5 comparisons unsettled after 3 rounds (b, c)". */
    public String why() {
        return switch (reason) {
            case BELOW_MIN -> "continue: " + rounds + " rounds, fewer than min";
            case ROUND_INCOMPLETE -> "continue: round " + (rounds + 1) + " is incomplete";
            case UNSETTLED -> {
                List<String> open = comparisons.stream().filter(s -> !s.settled())
                        .map(s -> s.comparison().step()).toList();
                yield "continue: " + open.size() + " of " + comparisons.size() + " intervals hold 1 and are wider"
                        + " than the target after " + rounds + " rounds (" + String.join(", ", open) + ")";
            }
            case SETTLED -> "stop: every interval is clear of 1 or narrower than the target after " + rounds + " rounds";
            case MAX_ROUNDS -> "stop: max " + rounds + " rounds reached" + unsettledSuffix();
        };
    }

    private String unsettledSuffix() {
        String open = comparisons.stream().filter(s -> !s.settled()).map(s -> s.comparison().step())
                .collect(Collectors.joining(", "));
        return open.isEmpty() ? "" : ", unsettled: " + open;
    }
}
